import { browserScript } from './browser-scripts';

/** The shell's entry as the build writes it into index.html. */
const ENTRY_SCRIPT = /<script defer src="([^"]+)"><\/script>/;

/**
 * The shell's HTML with its entry script loaded after the first paint (api/browser/deferred-entry.ts
 * says why). The loader's text is fixed (the file name is in `data-src`), so the CSP allows it by the
 * hash the build worked out (browserScript('deferred-entry').csp). It stands last in the body: it
 * runs once the whole page has been parsed.
 */
export function deferEntryScript(html: string): string {
  const src = ENTRY_SCRIPT.exec(html)?.[1];
  if (!src) return html;
  const { code } = browserScript('deferred-entry');
  return html.replace(ENTRY_SCRIPT, '').replace('</body>', () => `<script data-src="${src}">${code}</script></body>`);
}
