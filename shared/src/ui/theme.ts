export const theme = {
  color: {
    bg: '#0b1020',
    surface: '#121a33',
    surfaceRaised: '#1a2447',
    text: '#eef2ff',
    textMuted: '#b4bdd8',
    primary: '#7c9cff',
    primaryStrong: '#5b7cfa',
    onPrimary: '#0b1020',
    accent: '#3ee0c5',
    border: '#2a3763',
    success: '#4ade80',
    danger: '#ff8a8a',
    focus: '#ffd166',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  radius: { sm: '6px', md: '12px', lg: '20px' },
  maxWidth: '1200px',
  media: {
    mobile: '(max-width: 767.98px)',
    belowMenu: '(max-width: 1023.98px)',
    reducedMotion: '(prefers-reduced-motion: reduce)',
  },
} as const;

export type Theme = typeof theme;
