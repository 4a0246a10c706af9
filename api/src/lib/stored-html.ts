import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for admin-written HTML (blog posts). Admin accounts can be phished, so stored content is
 * treated as untrusted: no scripts, styles, frames, forms, event handlers or non-http(s) URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    time: ['datetime'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A new tab must not get a handle on this page.
    a: (tagName, attribs) =>
      attribs.target ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
    // An image without alt text is read out by its file name; an empty alt marks it decorative.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
  },
};

export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
