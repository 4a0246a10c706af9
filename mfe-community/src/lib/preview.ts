import { PREVIEW_LENGTH } from '@site/shared/constants';

/** The text of some HTML; DOMParser documents are inert, so nothing in the markup runs. */
export function plainText(html: string): string {
  // Block ends and line breaks separate words once the tags are gone.
  const spaced = html.replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th|figcaption)>|<br\s*\/?>/gi, '$& ');
  const { body } = new DOMParser().parseFromString(spaced, 'text/html');
  for (const node of body.querySelectorAll('script, style, template, noscript')) node.remove();
  const text = body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** A card preview: HTML stripped, cut at 150 characters. */
export function preview(htmlOrText: string, length = PREVIEW_LENGTH): string {
  const text = plainText(htmlOrText);
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
