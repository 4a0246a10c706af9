import { browserScript } from './browser-scripts';

/** The shell's first chunks (its entry and what the entry needs at start) as the build writes them into index.html. */
const ENTRY_SCRIPTS = /<script defer src="([^"]+)"><\/script>/g;

/**
 * The shell's HTML with its entry script loaded after the first paint (api/browser/deferred-entry.ts
 * says why). The loader's text is fixed (the file name is in `data-src`), so the CSP allows it by the
 * hash the build worked out (browserScript('deferred-entry').csp). It stands last in the body: it
 * runs once the whole page has been parsed.
 */
export function deferEntryScript(html: string): string {
  const sources = [...html.matchAll(ENTRY_SCRIPTS)].map((match) => match[1]);
  if (sources.length === 0) return html;
  const { code } = browserScript('deferred-entry');
  return html.replace(ENTRY_SCRIPTS, '').replace('</body>', () => `<script data-src="${sources.join(' ')}">${code}</script></body>`);
}
