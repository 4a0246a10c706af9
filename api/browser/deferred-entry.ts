/**
 * A server-rendered page is complete without JavaScript, so the shell's script is fetched once the
 * page has been painted: a `defer` script that arrives while the HTML is still parsed runs before the
 * browser paints and holds the page back (the whole shell is evaluated first). The paint is known
 * from its first-contentful-paint entry (reported once the frame is on screen); a hidden tab paints
 * nothing, so there, and where paint timing is missing or late, the script is added anyway. Inline
 * at the end of the page's body, the first chunks' file names in its `data-src` (src/lib/deferred-entry.ts).
 */
const loader = document.currentScript as HTMLScriptElement;
const list = (name: string) => loader.dataset[name]?.split(' ') ?? [];
let started = false;

/** Lets the browser handle a press or draw a frame between two requests. */
const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

async function go(): Promise<void> {
  if (started) return;
  started = true;
  // One request per task: each costs the main thread a few milliseconds (more on a slow phone), and
  // the nine of a page made one task long enough to hold back a press made just after the paint.
  // The entry and the other first chunks come first, in the build's order; each is evaluated in a
  // task of its own.
  for (const src of list('src')) {
    const script = document.createElement('script');
    script.src = src;
    script.async = false;
    document.head.appendChild(script);
    await yieldToBrowser();
  }
  // What the entry asks for next (its bootstrap, the page's remote module), fetched now: the entry's
  // own requests then find them ready instead of waiting a round trip each (src/lib/deferred-entry.ts
  // says which way each is fetched).
  for (const href of list('preload')) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.appendChild(link);
    await yieldToBrowser();
  }
  for (const href of list('fetch')) {
    fetch(href, { priority: 'low' }).catch(() => undefined);
    await yieldToBrowser();
  }
}

if (document.visibilityState === 'hidden') void go();
else {
  document.addEventListener('visibilitychange', () => void go(), { once: true });
  setTimeout(() => void go(), 3000);
  try {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length) void go();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => requestAnimationFrame(() => void go()));
  }
}
