import { createHash } from 'node:crypto';

/**
 * A server-rendered page is complete without JavaScript, so the shell's script is fetched once the
 * page has been painted: a `defer` script that arrives while the HTML is still parsed runs before the
 * browser paints and holds the page back (the whole shell is evaluated first). The paint is known
 * from its first-contentful-paint entry (reported once the frame is on screen); a hidden tab paints
 * nothing, so there, and where paint timing is missing or late, the script is added anyway. The text
 * is fixed (the file name is in `data-src`) so that the Content-Security-Policy allows it by hash.
 */
export const DEFERRED_ENTRY_LOADER = [
  '(function(s){var added=false;',
  "function go(){if(added)return;added=true;var e=document.createElement('script');e.src=s.dataset.src;document.head.appendChild(e)}",
  "if(document.visibilityState==='hidden')return go();",
  "document.addEventListener('visibilitychange',go,{once:true});setTimeout(go,3000);",
  "try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true})}",
  'catch(x){requestAnimationFrame(function(){requestAnimationFrame(go)})}',
  '})(document.currentScript)',
].join('');

/** The CSP source that allows exactly the loader above. */
export const DEFERRED_ENTRY_CSP_SOURCE = `'sha256-${createHash('sha256').update(DEFERRED_ENTRY_LOADER).digest('base64')}'`;

/** The shell's entry as the build writes it into index.html. */
const ENTRY_SCRIPT = /<script defer src="([^"]+)"><\/script>/;

/**
 * The shell's HTML with its entry script loaded after the first paint. The loader stands last in
 * the body: it runs once the whole page has been parsed.
 */
export function deferEntryScript(html: string): string {
  const src = ENTRY_SCRIPT.exec(html)?.[1];
  if (!src) return html;
  return html.replace(ENTRY_SCRIPT, '').replace('</body>', () => `<script data-src="${src}">${DEFERRED_ENTRY_LOADER}</script></body>`);
}
