/** The text of some HTML; DOMParser documents are inert, so nothing in the markup runs. */
export function plainText(html: string): string {
  // Block ends and line breaks separate words once the tags are gone.
  const spaced = html.replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th|figcaption)>|<br\s*\/?>/gi, '$& ');
  if (typeof DOMParser === 'undefined') return serverPlainText(spaced);
  const { body } = new DOMParser().parseFromString(spaced, 'text/html');
  for (const node of body.querySelectorAll('script, style, template, noscript')) node.remove();
  const text = body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** How many characters of a post or event a card shows (SPEC). */
export const PREVIEW_LENGTH = 150;

/** A card preview: HTML stripped, cut at PREVIEW_LENGTH characters. */
export function preview(htmlOrText: string, length = PREVIEW_LENGTH): string {
  const text = plainText(htmlOrText);
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/**
 * A post's card excerpt: its summary when it has one; else its text without headings (the card
 * shows the title) and with each list item ended as a sentence, so items do not run together.
 */
export function blogExcerpt(blog: { summary?: string | null; content: string }): string {
  const summary = blog.summary?.trim();
  if (summary) return preview(summary);
  const prose = blog.content
    .replace(/<(h[1-6])\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/([^.!?:;\s>])(\s*(?:<\/[a-z]+>\s*)*<\/li>)/gi, '$1.$2');
  return preview(prose);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The same text without a DOM, for the server render. Stored HTML went through the api's sanitizer,
 * which leaves only plain tags and these entities, so the browser's DOMParser reads it the same.
 */
function serverPlainText(html: string): string {
  const text = html
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return text.replace(/\s+/g, ' ').trim();
}
