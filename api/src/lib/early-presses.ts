import { browserScript } from './browser-scripts';

/**
 * The early-press recorder (api/browser/early-presses.ts): a press on a server-rendered page before
 * the shell has started is held and replayed once it is live. Fixed text, so the CSP allows it by
 * the hash the build worked out (browserScript('early-presses').csp).
 */
export const withEarlyPressRecorder = (html: string): string => {
  const { code } = browserScript('early-presses');
  // The recorder in the page's head: it listens before any control is painted.
  return html.replace('</head>', () => `<script>${code}</script></head>`);
};
