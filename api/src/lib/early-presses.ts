import { createHash } from 'node:crypto';

/**
 * A server-rendered page shows its buttons before the shell has started; a press then would reach no
 * handler and be lost. Until `<html data-app="live">` (shared/src/remote.tsx), a click on a
 * `[data-replay]` control (never a link inside it: links work natively) is held: the control gets
 * `aria-busy` (the global style shows "Loading…" beside it), and each control pressed is clicked
 * again, once and in order, as soon as the page is live. The element is found again by its
 * `data-replay` key should hydration have replaced it. Fixed text, so the CSP allows it by hash.
 */
export const EARLY_PRESS_RECORDER = [
  '(function(d){var h=d.documentElement,q=[];',
  "function live(){return h.getAttribute('data-app')==='live'}",
  "d.addEventListener('click',function(e){if(live()||!e.target.closest)return;",
  "var t=e.target.closest('a[href],[data-replay]');if(!t||!t.hasAttribute('data-replay'))return;",
  "e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(t)<0){q.push(t);t.setAttribute('aria-busy','true')}},true);",
  'new MutationObserver(function(m,o){if(!live())return;o.disconnect();q.forEach(function(t){',
  "var k=t.getAttribute('data-replay'),n=t;t.removeAttribute('aria-busy');",
  "if(!t.isConnected)[].forEach.call(d.querySelectorAll('[data-replay]'),function(x){if(x.getAttribute('data-replay')===k)n=x});",
  "n.click()})}).observe(h,{attributes:true,attributeFilter:['data-app']})",
  '})(document)',
].join('');

/** The CSP source that allows exactly the recorder above. */
export const EARLY_PRESS_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_PRESS_RECORDER).digest('base64')}'`;

/** The recorder in the page's head: it listens before any control is painted. */
export const withEarlyPressRecorder = (html: string): string =>
  html.replace('</head>', () => `<script>${EARLY_PRESS_RECORDER}</script></head>`);
