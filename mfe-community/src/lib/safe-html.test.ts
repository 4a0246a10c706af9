import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html';

/** Parses the cleaned HTML the way React's innerHTML would, to look at what survived. */
const parse = (html: string) => {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = safeHtml(html);
  return doc.body;
};

const attributesOf = (body: HTMLElement) => [...body.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => `${a.name}=${a.value}`));

describe('safeHtml', () => {
  it('keeps the prose of a post', () => {
    const html = '<h2>Title</h2><p>Some <strong>bold</strong> and <a href="https://example.com/x">a link</a>.</p><ul><li>one</li></ul>';
    expect(safeHtml(html)).toBe(html);
  });

  it.each([
    ['a script element', '<p>hi</p><script>window.pwned = 1</script>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>hi</p>'],
    ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf"><p>hi</p>'],
    ['a form with a button', '<form action="https://evil.example"><input name="q"><button>Go</button></form><p>hi</p>'],
    ['a style element', '<style>body{display:none}</style><p>hi</p>'],
    ['an svg with a script', '<svg><script>alert(1)</script></svg><p>hi</p>'],
    ['a meta refresh and a base', '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><p>hi</p>'],
  ])('removes %s', (_name, html) => {
    const body = parse(html);
    expect(body.querySelector('script, iframe, object, embed, form, input, button, style, meta, base')).toBeNull();
    expect(body.textContent).toContain('hi');
  });

  it.each([
    ['an event handler', '<img src="/x.png" onerror="alert(1)">'],
    ['a handler in odd case', '<p OnMouseOver="alert(1)">hi</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['a javascript: link hidden by a tab', '<a href="java\tscript:alert(1)">x</a>'],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="x">'],
    ['an inline style', '<p style="background:url(javascript:alert(1))">hi</p>'],
  ])('strips %s', (_name, html) => {
    const attributes = attributesOf(parse(html)).join(' ').toLowerCase();
    expect(attributes).not.toMatch(/on\w+=|javascript|vbscript|data:|style=/);
  });

  it('survives mutation-XSS tricks that re-parse into markup', () => {
    const body = parse('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>');
    expect(body.querySelector('[onerror]')).toBeNull();
    const nested = parse('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>');
    expect(nested.querySelector('[onerror]')).toBeNull();
  });

  it('gives images without a description an empty alt, and keeps a given one', () => {
    const body = parse('<img src="/a.png"><img src="/b.png" alt="A chart">');
    expect([...body.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['', 'A chart']);
  });
});
