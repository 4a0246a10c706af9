import { site } from '@site/shared/site-config';

const c = site.colors;

/** Shown when a blog image is missing or fails to load (an inline SVG, so it cannot fail too). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="315" viewBox="0 0 600 315"><rect width="600" height="315" fill="${c.surfaceRaised}"/><circle cx="300" cy="140" r="46" fill="none" stroke="${c.primary}" stroke-width="8"/><path d="M270 140h60M300 110v60" stroke="${c.accent}" stroke-width="8" stroke-linecap="round"/><text x="300" y="250" fill="${c.textMuted}" font-family="system-ui,sans-serif" font-size="24" text-anchor="middle">${site.name}</text></svg>`,
  );
