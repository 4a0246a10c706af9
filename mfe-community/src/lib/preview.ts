import { PREVIEW_LENGTH } from '@site/shared/constants';

/** The text of some HTML; DOMParser documents are inert, so nothing in the markup runs. */
export function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** A card preview: HTML stripped, cut at 150 characters. */
export function preview(htmlOrText: string, length = PREVIEW_LENGTH): string {
  const text = plainText(htmlOrText);
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
