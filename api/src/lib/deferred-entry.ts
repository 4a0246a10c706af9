import { browserScript } from './browser-scripts';

/** The shell's first chunks (its entry and what the entry needs at start) as the build writes them into index.html. */
const ENTRY_SCRIPTS = /<script defer src="([^"]+)"><\/script>/g;

/**
 * The shell's HTML with its entry script loaded after the first paint (api/browser/deferred-entry.ts
 * says why). The loader's text is fixed (the file name is in `data-src`), so the CSP allows it by the
 * hash the build worked out (browserScript('deferred-entry').csp). It stands last in the body: it
 * runs once the whole page has been parsed. The files themselves are preloaded from the head.
 */
export function deferEntryScript(html: string): string {
  const sources = [...html.matchAll(ENTRY_SCRIPTS)].map((match) => match[1]);
  if (sources.length === 0) return html;
  const { code } = browserScript('deferred-entry');
  // Fetched at low priority from the start, so they have arrived by the time the loader adds them:
  // evaluated after the paint as before, live sooner (decision 020).
  const preloads = sources.map((src) => `<link rel="preload" as="script" href="${src}" fetchpriority="low">`).join('');
  return html
    .replace(ENTRY_SCRIPTS, '')
    .replace('</head>', () => `${preloads}</head>`)
    .replace('</body>', () => `<script data-src="${sources.join(' ')}">${code}</script></body>`);
}
