import DOMPurify from 'dompurify';

/** Blog posts are prose: no forms, no inline styles, no embedded documents. */
const CONFIG = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  FORBID_ATTR: ['style'],
};

// Browsers ignore whitespace and control characters inside a URL scheme ("da\tta:").
const DATA_URL = /^data:/i;
const schemeOf = (value: string) => [...value].filter((c) => c.charCodeAt(0) > 32).join('');

let purifier: ReturnType<typeof DOMPurify> | undefined;

function configured(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // DOMPurify allows data: URLs on images; the api never stores them, so none is let through here.
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if ((data.attrName === 'src' || data.attrName === 'href') && DATA_URL.test(schemeOf(data.attrValue))) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });
  return purifier;
}

/**
 * Second line of defence for blog HTML (the api sanitizes it on write): DOMPurify's allow-list
 * before React inserts it.
 */
export function safeHtml(html: string): string {
  // On the server (no DOM) the api's write-time sanitizer is the guard, and the browser does not
  // patch server-rendered inner HTML: the render module sanitizes again before rendering.
  if (typeof window === 'undefined') return html;
  return configured().sanitize(html, CONFIG);
}
