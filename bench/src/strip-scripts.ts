// A page's floor (bench/src/floor.ts): the server's HTML with every script taken out, its styles,
// fonts and images left as they are; and beneath it the page's plain text, its styles taken out too.

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK_ELEMENT = /<link\b[^>]*>/gi;

/** An attribute's value in a start tag, lower-cased; undefined when the tag has none. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '').toLowerCase() : undefined;
}

/** Whether a `<link>` (or a Link header's parameters) asks for a script: modulepreload, or preload/prefetch as script. */
function linksScript(rel: string | undefined, as: string | undefined): boolean {
  const rels = (rel ?? '').split(/\s+/);
  return rels.includes('modulepreload') || ((rels.includes('preload') || rels.includes('prefetch')) && as === 'script');
}

/**
 * The HTML without its `<script>` elements (inline, external, data blocks alike) and without the
 * links that fetch scripts ahead (modulepreload; preload or prefetch as script). Script text cannot
 * hold `</script` (the HTML parser would end the element there), so the pattern finds each whole.
 */
export function stripScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, '').replace(LINK_ELEMENT, (tag) => (linksScript(attribute(tag, 'rel'), attribute(tag, 'as')) ? '' : tag));
}

/** A Link response header without its script entries; undefined when none is left. */
export function stripScriptLinks(header: string): string | undefined {
  const kept = header
    .split(/,(?=\s*<)/)
    .filter((entry) => {
      const param = (name: string) => new RegExp(`;\\s*${name}\\s*=\\s*"?([^";,]*)"?`, 'i').exec(entry)?.[1]?.toLowerCase();
      return !linksScript(param('rel'), param('as'));
    })
    .map((entry) => entry.trim());
  return kept.length > 0 ? kept.join(', ') : undefined;
}

const STYLE_ELEMENT = /<style\b[^>]*>[\s\S]*?<\/style\s*>/gi;
const START_TAG = /<[a-z][^\s/>]*(?:\s[^>]*)?>/gi;
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * The floor without its styles: no `<style>`, no stylesheet or font links, no `style` attributes.
 * Its text and images are left, so what stays is what any browser pays to show that text: the cost
 * of the page's own styling is the floor's figure above it.
 */
export function stripStyles(html: string): string {
  return stripScripts(html)
    .replace(STYLE_ELEMENT, '')
    .replace(LINK_ELEMENT, (tag) => {
      const rels = (attribute(tag, 'rel') ?? '').split(/\s+/);
      const as = attribute(tag, 'as');
      return rels.includes('stylesheet') || ((rels.includes('preload') || rels.includes('prefetch')) && (as === 'style' || as === 'font')) ? '' : tag;
    })
    .replace(START_TAG, (tag) => tag.replace(STYLE_ATTRIBUTE, ''));
}

/**
 * Whether the HTML, its scripts taken out, has anything to paint: text outside `<noscript>` (which
 * a browser running scripts does not show), or an image. A page the server does not render (an
 * empty root the scripts fill) has no floor: without scripts it paints nothing.
 */
export function paintsWithoutScripts(html: string): boolean {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(stripScripts(html))?.[1] ?? '';
  const shown = body.replace(/<noscript\b[^>]*>[\s\S]*?<\/noscript\s*>/gi, '').replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '');
  return /<(img|svg|picture|video)\b/i.test(shown) || shown.replace(/<[^>]*>/g, '').trim().length > 0;
}
