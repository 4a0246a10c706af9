import { browserScript } from './browser-scripts';

/** The shell's first chunks (its entry and what the entry needs at start) as the build writes them into index.html. */
const ENTRY_SCRIPTS = /<script defer src="([^"]+)"><\/script>/g;
/** The files the entry asks for next (its bootstrap), as preloads the build writes into index.html. */
const NEXT_SCRIPTS = /<link rel="preload" as="script" href="([^"]+)">/g;
/** The chunks of the shell's own pages, as the build names them in index.html: the page's path, then its files. */
const PAGE_CHUNKS = /<meta name="page-chunks" content="([^"]+)">/g;

/**
 * The shell's HTML with its entry script loaded after the first paint (api/browser/deferred-entry.ts
 * says why), and the files it asks for next fetched at the same moment rather than a round trip or
 * three later: preloaded, what is asked for first whatever happens (the shell's bootstrap, the page's
 * remote entry), since a preload that fails is handed to the next request for its file, a retry's
 * included; into the HTTP cache, the page module's chunks (immutable names), asked for only once
 * the entry has run, with a shell page's own chunks. The loader's text is fixed (the files are in its `data-` attributes), so the
 * CSP allows it by the hash the build worked out (browserScript('deferred-entry').csp). It stands
 * last in the body: it runs once the whole page has been parsed.
 */
export function deferEntryScript(html: string, module?: { entry: string; chunks: readonly string[] }, pathname?: string): string {
  const sources = [...html.matchAll(ENTRY_SCRIPTS)].map((match) => match[1]);
  if (sources.length === 0) return html;
  const [, ...pageChunks] = [...html.matchAll(PAGE_CHUNKS)].map((match) => match[1]!.split(' ')).find(([page]) => page === pathname) ?? [];
  const list = (name: string, files: readonly string[]) => (files.length ? ` data-${name}="${files.map(escapeAttribute).join(' ')}"` : '');
  const preload = [...[...html.matchAll(NEXT_SCRIPTS)].map((match) => match[1]!), ...(module ? [module.entry] : [])];
  const { code } = browserScript('deferred-entry');
  return html
    .replace(ENTRY_SCRIPTS, '')
    .replace(NEXT_SCRIPTS, '')
    .replace(PAGE_CHUNKS, '')
    .replace('</body>', () => `<script data-src="${sources.join(' ')}"${list('preload', preload)}${list('fetch', [...(module?.chunks ?? []), ...pageChunks])}>${code}</script></body>`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\s/g, encodeURIComponent);
