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

/**
 * For a part of a page that is mostly below the fold: the browser lays it out and paints it only as
 * it nears the viewport (or gets focus, or is searched), which on a long page was most of the first
 * frame's layout on a slow phone. Until it is first drawn it counts as `estimatePx` tall; after
 * that, as tall as it last was. It stays in the accessibility tree and in find-in-page.
 * Not for a part above a link's target (the home page's sections): drawn on the way, it grows and
 * the scroll lands short; nor around a fixed-position popover (the date picker), which it would
 * hold inside itself.
 */
export const skipWhileOffscreen = (estimatePx: number) => `
  content-visibility: auto;
  contain-intrinsic-block-size: auto ${estimatePx}px;
`;
