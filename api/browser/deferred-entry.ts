/**
 * A server-rendered page is complete without JavaScript, so the shell's scripts run once the page
 * has been painted: a `defer` script that arrives while the HTML is still parsed runs before the
 * browser paints and holds the page back (the whole shell is evaluated first). They are fetched
 * earlier, once the page is parsed (this loader stands last in the body), as preloads that run
 * nothing: the page's own layout can hold the main thread half a second past its paint at CPU 4×,
 * and the files arrive meanwhile. Not in the head: there they shared the line with a photo post's
 * cover and delayed its LCP (decision 020). The paint is known from its first-contentful-paint entry
 * (reported once the frame is on screen); a hidden tab paints nothing, so there, and where paint
 * timing is missing or late, the scripts are added anyway. The file names are in the loader's
 * `data-` attributes (src/lib/deferred-entry.ts).
 */
const loader = document.currentScript as HTMLScriptElement;
let added = false;

function preload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

// The first chunks, then what the entry asks for next (its bootstrap, the page's remote entry), then
// the page module's chunks, into the HTTP cache (src/lib/deferred-entry.ts says why each way).
for (const href of loader.dataset.src!.split(' ')) preload(href);
for (const href of loader.dataset.preload?.split(' ') ?? []) preload(href);
for (const href of loader.dataset.fetch?.split(' ') ?? []) fetch(href, { priority: 'low' }).catch(() => undefined);

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
