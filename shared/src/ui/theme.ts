import { brandColors } from '../brand.js';

export const theme = {
  color: brandColors,
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
