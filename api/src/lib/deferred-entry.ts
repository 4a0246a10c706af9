import { browserScript } from './browser-scripts';

/** The shell's first chunks (its entry and what the entry needs at start) as the build writes them into index.html. */
const ENTRY_SCRIPTS = /<script defer src="([^"]+)"><\/script>/g;
/** The files the entry asks for next (its bootstrap), as preloads the build writes into index.html. */
const NEXT_SCRIPTS = /<link rel="preload" as="script" href="([^"]+)">/g;

/**
 * The shell's HTML with its entry script loaded after the first paint (api/browser/deferred-entry.ts
 * says why), and the files it asks for next (its bootstrap, and `pageFiles`: the page's remote module)
 * fetched at the same moment rather than a round trip or three later. The loader's text is fixed (the
 * files are in `data-src` and `data-preload`), so the CSP allows it by the hash the build worked out
 * (browserScript('deferred-entry').csp). It stands last in the body: it runs once the whole page has
 * been parsed.
 */
export function deferEntryScript(html: string, pageFiles: readonly string[] = []): string {
  const sources = [...html.matchAll(ENTRY_SCRIPTS)].map((match) => match[1]);
  if (sources.length === 0) return html;
  const next = [...[...html.matchAll(NEXT_SCRIPTS)].map((match) => match[1]!), ...pageFiles];
  const { code } = browserScript('deferred-entry');
  const preload = next.length ? ` data-preload="${next.map(escapeAttribute).join(' ')}"` : '';
  return html
    .replace(ENTRY_SCRIPTS, '')
    .replace(NEXT_SCRIPTS, '')
    .replace('</body>', () => `<script data-src="${sources.join(' ')}"${preload}>${code}</script></body>`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\s/g, encodeURIComponent);
