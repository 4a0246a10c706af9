const FORBIDDEN = 'script, style, iframe, frame, frameset, object, embed, form, input, button, textarea, select, link, meta, base';

/**
 * Second line of defence for blog HTML (the api sanitizes it on write): drops active elements,
 * event handlers and script URLs in an inert document before React inserts it.
 */
export function safeHtml(html: string): string {
  // On the server (no DOM) the api's write-time sanitizer is the guard, and the browser does not
  // patch server-rendered inner HTML: the render module sanitizes again before rendering.
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(FORBIDDEN).forEach((node) => node.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a URL scheme ("java\tscript:").
      const value = [...attribute.value].filter((c) => c.charCodeAt(0) > 32).join('').toLowerCase();
      if (name.startsWith('on') || name === 'style' || ((name === 'href' || name === 'src') && /^(javascript|data|vbscript):/.test(value))) {
        element.removeAttribute(attribute.name);
      }
    }
  });
  doc.body.querySelectorAll('img:not([alt])').forEach((img) => img.setAttribute('alt', ''));
  return doc.body.innerHTML;
}
