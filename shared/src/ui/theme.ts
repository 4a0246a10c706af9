import { brandColors } from '../brand.js';

/** Where the layout changes: the phone layout below `mobile`, the header's menu button below `menu` (px). */
export const BREAKPOINT = { mobile: 768, menu: 1024 } as const;
// The CSS media queries end a fraction of a pixel below the breakpoint, so that exactly one matches.
const below = (px: number) => `(max-width: ${px - 0.02}px)`;

export const theme = {
  color: brandColors,
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  radius: { sm: '6px', md: '12px', lg: '20px' },
  maxWidth: '1200px',
  media: {
    mobile: below(BREAKPOINT.mobile),
    belowMenu: below(BREAKPOINT.menu),
    reducedMotion: '(prefers-reduced-motion: reduce)',
  },
} as const;

export type Theme = typeof theme;
