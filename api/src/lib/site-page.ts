import type * as React from 'react';
import type { createElement, ReactNode } from 'react';
import type * as ReactServer from 'react-dom/server';
import { site } from '@site/shared/site-config';

/**
 * The api's own pages (the links in booking and newsletter e-mails): one layout rendered with React
 * on the server, in the site's colours (site-config's brand), so every such page looks alike and
 * like the site: the brand's header, one card with the page's heading, no script. React escapes
 * every text a page shows, a visitor's own included.
 */

/** React's element factory, handed to a page's content (React is loaded at the first page, below). */
export type Element = typeof createElement;
/** What a page shows in its card, made with the factory it is given. */
export type Content = (h: Element) => ReactNode;
/** Part of a page's content. */
export type Node = ReactNode;

const color = site.colors;

const STYLE = `*{box-sizing:border-box}
body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${color.text};background:${color.bg};margin:0;color-scheme:dark}
header{border-bottom:1px solid ${color.border};background:${color.surface}}
header div{max-width:40rem;margin:0 auto;padding:14px 20px;display:flex;align-items:center;gap:10px}
header a{color:${color.text};font-weight:800;font-size:1.15rem;text-decoration:none;display:inline-flex;align-items:center;gap:10px}
header img{width:28px;height:28px}
main{max-width:40rem;margin:2rem auto;padding:1.5rem 1.25rem}
main>section{background:${color.surface};border:1px solid ${color.border};border-radius:16px;padding:1.5rem}
h1{margin:0 0 1rem;font-size:1.6rem;line-height:1.25}
a{color:${color.primary}}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input,select,button{font:inherit;padding:.6rem .9rem;border-radius:10px;border:1px solid ${color.border};min-height:44px}
input,select{background:${color.bg};color:${color.text};max-width:100%}
button{background:${color.primary};color:${color.onPrimary};border-color:${color.primary};font-weight:700;margin-top:1rem;cursor:pointer}
:focus-visible{outline:3px solid ${color.focus};outline-offset:2px}
.error{color:${color.danger};font-weight:600}
.hint{color:${color.textMuted};font-size:.9rem}
nav{margin-top:1.5rem;display:flex;gap:.5rem 1.25rem;flex-wrap:wrap}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.4rem 1.25rem;margin:0 0 1rem}
dt{color:${color.textMuted}}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr);gap:0}dd{margin-bottom:.6rem}}
address{font-style:normal;color:${color.textMuted};border-top:1px solid ${color.border};padding-top:1rem}
@media print{body{background:#fff;color:#000}header,nav,.hint{display:none}main{margin:0}main>section{border:0;background:#fff}dt,address{color:#333}}`;

/**
 * React and its server renderer, loaded at the first page rather than with the api: they read
 * NODE_ENV when loaded, and the server sets its production default only once it starts (as the
 * mail layout does).
 */
let renderer: Promise<[typeof React, typeof ReactServer]> | undefined;
const loadRenderer = () => (renderer ??= Promise.all([import('react'), import('react-dom/server')]));

export interface SitePageOptions {
  /** Links under the card to where a reader goes next (none by default). */
  nav?: readonly { href: string; label: string }[];
}

/** A whole page: `<!doctype html>` and the layout around `content`, titled "<title> | <site>". */
export async function sitePage(title: string, content: Content, { nav = [] }: SitePageOptions = {}): Promise<string> {
  const [{ createElement: h }, { renderToStaticMarkup }] = await loadRenderer();
  const head = h(
    'head',
    null,
    h('meta', { charSet: 'utf-8' }),
    h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    h('meta', { name: 'robots', content: 'noindex' }),
    h('meta', { name: 'theme-color', content: color.bg }),
    h('link', { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }),
    h('title', null, `${title} | ${site.name}`),
    h('style', { dangerouslySetInnerHTML: { __html: STYLE } }),
  );
  const body = h(
    'body',
    null,
    h('header', null, h('div', null, h('a', { href: '/' }, h('img', { src: '/favicon.svg', alt: '', width: 28, height: 28, fetchPriority: 'low' }), site.name))),
    h(
      'main',
      null,
      h('section', null, h('h1', null, title), content(h)),
      nav.length > 0 ? h('nav', { 'aria-label': 'More' }, ...nav.map(({ href, label }) => h('a', { key: href, href }, label))) : null,
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(h('html', { lang: 'en' }, head, body))}`;
}
