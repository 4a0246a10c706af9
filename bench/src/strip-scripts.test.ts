import { describe, expect, it } from 'vitest';
import { paintsWithoutScripts, stripScriptLinks, stripScripts, stripStyles } from './strip-scripts';

describe('stripScripts', () => {
  it('takes out inline, external and data scripts, keeping styles, images and other links', () => {
    const html = [
      '<html><head>',
      '<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/a.css">',
      '<style>.a{color:red}</style>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script>(function(d){d.x=1})(document)</script>',
      '</head><body><img src="/p.jpg" alt="">',
      '<script id="preloaded-data" type="application/json">{"a":"<b>"}</script>',
      '<SCRIPT data-src="/main.js">go()</SCRIPT >',
      '<script src="/remote.js" defer></script>',
      '</body></html>',
    ].join('\n');
    expect(stripScripts(html)).toBe(
      ['<html><head>', '<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/a.css">', '<style>.a{color:red}</style>', '', '', '</head><body><img src="/p.jpg" alt="">', '', '', '', '</body></html>'].join('\n'),
    );
  });

  it('takes out the links that fetch scripts ahead, not those that fetch styles, fonts or images', () => {
    const html =
      '<link rel="modulepreload" href="/a.js"><link rel=preload as=script href="/b.js"><link as="script" rel="prefetch" href="/c.js">' +
      '<link rel="preload" as="font" href="/f.woff2" crossorigin><link rel="preload" as="image" href="/hero.avif"><link rel="preload" as="style" href="/s.css">';
    expect(stripScripts(html)).toBe('<link rel="preload" as="font" href="/f.woff2" crossorigin><link rel="preload" as="image" href="/hero.avif"><link rel="preload" as="style" href="/s.css">');
  });

  it('leaves a page without scripts as it was', () => {
    const html = '<!doctype html><html><head><title>a</title></head><body><p>script</p></body></html>';
    expect(stripScripts(html)).toBe(html);
  });
});

describe('stripStyles', () => {
  it('takes out scripts, style elements, stylesheet and font links and style attributes, keeping text, images and other links', () => {
    const html = [
      '<html><head><link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/a.css"><link rel=preload as=font href="/f.woff2" crossorigin>',
      '<style data-styled="true">.a{color:red}</style><noscript><style>.b{}</style></noscript>',
      '</head><body><header style="--header-alpha:0" class="x"><a href="/" style=\'color:red\'>Home</a></header>',
      '<p data-note="style=kept">style="in text" stays</p><img src="/p.jpg" alt="" style=width:1px><script>go()</script>',
      '</body></html>',
    ].join('\n');
    expect(stripStyles(html)).toBe(
      [
        '<html><head><link rel="icon" href="/favicon.svg">',
        '<noscript></noscript>',
        '</head><body><header class="x"><a href="/">Home</a></header>',
        '<p data-note="style=kept">style="in text" stays</p><img src="/p.jpg" alt="">',
        '</body></html>',
      ].join('\n'),
    );
  });
});

describe('stripScriptLinks', () => {
  it('keeps the entries that fetch anything but scripts', () => {
    expect(stripScriptLinks('</a.js>; rel=modulepreload, </f.woff2>; rel=preload; as=font; crossorigin, </b.js>; rel="preload"; as="script"')).toBe(
      '</f.woff2>; rel=preload; as=font; crossorigin',
    );
  });

  it('answers undefined when only scripts were linked', () => {
    expect(stripScriptLinks('</a.js>; rel=modulepreload')).toBeUndefined();
  });
});

describe('paintsWithoutScripts', () => {
  it('finds nothing to paint in an empty root the scripts would fill, its noscript note aside', () => {
    const html = '<html><head><style>p{}</style></head><body><div id="root"></div>\n<noscript>This site needs JavaScript.</noscript><script src="/main.js"></script></body></html>';
    expect(paintsWithoutScripts(html)).toBe(false);
  });

  it('finds the text or an image of a server-rendered page', () => {
    expect(paintsWithoutScripts('<body><div id="root"><h1>The Tiny Titans Community</h1></div></body>')).toBe(true);
    expect(paintsWithoutScripts('<body><div id="root"><img src="/p.jpg" alt=""></div></body>')).toBe(true);
  });
});
