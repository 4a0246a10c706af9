/**
 * A server-rendered page is complete without JavaScript, so the shell's script is fetched once the
 * page has been painted: a `defer` script that arrives while the HTML is still parsed runs before the
 * browser paints and holds the page back (the whole shell is evaluated first). The paint is known
 * from its first-contentful-paint entry (reported once the frame is on screen); a hidden tab paints
 * nothing, so there, and where paint timing is missing or late, the script is added anyway. Inline
 * at the end of the page's body, the first chunks' file names in its `data-src` (src/lib/deferred-entry.ts).
 */
const loader = document.currentScript as HTMLScriptElement;
let added = false;

function go(): void {
  if (added) return;
  added = true;
  // The entry and the other first chunks, in the build's order; each is evaluated in a task of its own.
  for (const src of loader.dataset.src!.split(' ')) {
    const script = document.createElement('script');
    script.src = src;
    script.async = false;
    document.head.appendChild(script);
  }
  // What the entry asks for next (its bootstrap, the page's remote module), fetched now: the entry's
  // own requests then find them ready instead of waiting a round trip each (src/lib/deferred-entry.ts
  // says which way each is fetched). After the first chunks: those run first, meanwhile these arrive.
  for (const href of loader.dataset.preload?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.appendChild(link);
  }
  for (const href of loader.dataset.fetch?.split(' ') ?? []) fetch(href, { priority: 'low' }).catch(() => undefined);
}

if (document.visibilityState === 'hidden') go();
else {
  document.addEventListener('visibilitychange', go, { once: true });
  setTimeout(go, 3000);
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) go();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => requestAnimationFrame(go));
  }
}
