import type { Page, Response } from '@playwright/test';
import { createBlog, createEvent, createPackage } from '../support/content-api';
import { expect, test } from '../support/fixtures';
import { pageSettled } from '../support/page-state';

/** JS bytes as transferred (compressed) by a first visit, including what loads at idle time. */
async function jsTransferred(page: Page, path: string): Promise<{ kib: number; urls: string[] }> {
  const sizes: Promise<number>[] = [];
  const urls: string[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
    urls.push(url.pathname);
    sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await pageSettled(page);
  const bytes = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
  return { kib: bytes / 1024, urls };
}

/** Notes on the page (`window.liveAt`) when it goes live, `<html data-app="live">`. */
const recordLiveAt = (page: Page) =>
  page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.app !== 'live') return;
      (window as unknown as { liveAt: number }).liveAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app'] });
  });

// Budgets from the speed work (decision 020); the build is deterministic, so these do not flake.
// `/` grew by the visitor-signals beacon and web-vitals, loaded at idle time (decision 069), then by
// the finish work: the assistant's line icons (SVG in place of emoji), toasts placed below the header
// on phones and the brand kept whole (about 0.3 KiB; 142.01 KiB measured); then by the shell's first
// code in three files instead of one, each a shorter task (2.3 KiB; 144.3–145.1 KiB measured, the
// brotli size of the same build moving by a few hundred bytes between checkouts); then shrunk by the
// router's exports the code does not import (0.8 KiB).
for (const [path, budgetKib] of [
  ['/', 145],
  ['/login', 150],
] as const) {
  test(`a first visit to ${path} transfers at most ${budgetKib} KiB of JavaScript and no admin code`, async ({ page }) => {
    const { kib, urls } = await jsTransferred(page, path);
    expect(kib, urls.join('\n')).toBeLessThanOrEqual(budgetKib);
    expect(urls.filter((url) => url.includes('mfe-admin'))).toEqual([]);
  });
}

// Issue 41: what `/` fetches before it is live is what a phone waits for after the paint (at 1.6
// Mbit/s, 10 KiB is 50 ms); what loads at idle time after it (the assistant, the beacon) is not.
// 135.1 KiB measured (8.9 after it): React 58, the federation runtime with the shell's entry 31, the
// router and styled-components 23, the remote's entry 9, the bootstrap 8, the home page's chunks.
test('before / is live, it transfers at most 136 KiB of JavaScript', async ({ page }) => {
  await recordLiveAt(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await pageSettled(page);
  const { before, after } = await page.evaluate(() => {
    const liveAt = (window as unknown as { liveAt: number }).liveAt;
    // Each file once: a preloaded chunk is asked for again, from the cache.
    const scripts = [...new Map((performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => new URL(r.name).pathname.endsWith('.js')).reverse().map((r) => [r.name, r])).values()];
    const sum = (list: PerformanceResourceTiming[]) => list.reduce((total, r) => total + r.encodedBodySize, 0) / 1024;
    return { before: sum(scripts.filter((r) => r.fetchStart < liveAt)), after: sum(scripts.filter((r) => r.fetchStart >= liveAt)) };
  });
  // The assistant and the beacon come after: the budget above counts them, this one does not.
  expect(after).toBeGreaterThan(5);
  expect(before).toBeLessThanOrEqual(136);
});

// Decision 069: the beacon's chunk is web-vitals' four functions (2,947 B brotli, measured on their
// own) and our own code, whose budget is 1 KiB beside them; it loads only once the page is live.
test("the visitor-signals beacon adds web-vitals and at most 1 KiB of its own code, after the page is live", async ({ page }) => {
  const chunks: { url: string; bytes: Promise<number>; text: Promise<string>; live: Promise<string | null> }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    chunks.push({
      url: request.url(),
      bytes: request.sizes().then((s) => s.responseBodySize),
      text: request.response().then((r) => r?.text() ?? ''),
      live: page.evaluate(() => document.documentElement.dataset.app ?? null).catch(() => null),
    });
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'on', { timeout: 30_000 });
  const found = [];
  for (const chunk of chunks) if (/startVitals:\(\)=>/.test(await chunk.text)) found.push(chunk);
  expect(found.map((chunk) => chunk.url)).toHaveLength(1);
  expect(await found[0]!.bytes).toBeLessThanOrEqual(2947 + 1024);
  expect(await found[0]!.live).toBe('live');
});

// A server-rendered page is painted from its HTML: the shell's scripts are fetched after that paint,
// not while the HTML is parsed, where it would run (all of it) before the first paint; so are the
// files it asks for next (its bootstrap, the page's remote module), which come with them.
for (const path of ['/', '/community']) {
  test(`${path} is painted before any script is fetched`, async ({ page }) => {
    await page.goto(path);
    const { paint, fetched } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      fetched: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => new URL(r.name).pathname.endsWith('.js')).map((r) => r.fetchStart),
    }));
    expect(paint).toBeGreaterThan(0);
    expect(fetched.length).toBeGreaterThanOrEqual(5);
    expect(Math.min(...fetched)).toBeGreaterThan(paint);
  });
}

// Decision 061: after the paint, one round of requests instead of four. The page carries the remote
// list it was rendered with (no remotes.json), and its remote's entry, the module's chunks, the
// shared modules it loads from its remote and the shell's bootstrap are asked for with the first
// chunks, not once the entry (or the module) has run.
for (const [path, remote, module] of [
  ['/', 'mfe-marketing', 'HomePage'],
  ['/community', 'mfe-community', 'CommunityPage'],
  ['/contact', 'mfe-marketing', 'ContactPage'],
  ['a package page', 'mfe-commerce', 'PackagePage'],
] as const) {
  test(`${path} asks for its remote module with the shell's first chunks`, async ({ page }) => {
    const url = path.startsWith('/') ? path : `/packages/${(await createPackage({ name: 'A first-load plan', price: 90000, duration_days: 30, package_type: 'subscription', is_active: true })).slug}`;
    await recordLiveAt(page);
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    const { entries, liveAt } = await page.evaluate(() => ({
      liveAt: (window as unknown as { liveAt: number }).liveAt,
      entries: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({ path: new URL(r.name).pathname, fetchStart: r.fetchStart, responseEnd: r.responseEnd })),
    }));
    // The first request for a file (a chunk fetched into the cache is asked for again, from it).
    const first = (pattern: RegExp) => {
      const found = entries.filter((entry) => pattern.test(entry.path)).sort((a, b) => a.fetchStart - b.fetchStart);
      expect(found.length, String(pattern)).toBeGreaterThan(0);
      return found[0]!;
    };
    expect(entries.filter((entry) => entry.path === '/remotes.json')).toEqual([]);
    // Asked for before the entry had even arrived, so not by the entry.
    const main = first(/^\/main\.[0-9a-f]+\.js$/);
    // The remote's own build, or its live release.
    const folder = `/(?:remotes/${remote}|releases/${remote}/[^/]+)`;
    for (const next of [first(/^\/bootstrap\.[0-9a-f]+\.js$/), first(new RegExp(`^${folder}/remoteEntry\\.js$`)), first(new RegExp(`^${folder}/__federation_expose_${module}\\.`))]) {
      expect(next.fetchStart, next.path).toBeLessThan(main.responseEnd);
    }
    // Every script of the remote the page needed before it went live, shared modules included.
    const needed = [...new Set(entries.filter((entry) => entry.fetchStart < liveAt && new RegExp(`^${folder}/.+\\.js$`).test(entry.path)).map((entry) => entry.path))];
    expect(needed.length).toBeGreaterThan(2);
    for (const file of needed) expect(first(new RegExp(`^${file.replace(/\./g, '\\.')}$`)).fetchStart, file).toBeLessThan(main.responseEnd);
  });
}

// The same for the shell's own page the api renders: /login's chunk comes with the first chunks.
test("/login asks for its own chunk with the shell's first chunks, and is live once it has hydrated", async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({ path: new URL(r.name).pathname, fetchStart: r.fetchStart, responseEnd: r.responseEnd })),
  );
  const first = (pattern: RegExp) => entries.filter((entry) => pattern.test(entry.path)).sort((a, b) => a.fetchStart - b.fetchStart)[0];
  const main = first(/^\/main\.[0-9a-f]+\.js$/)!;
  const chunk = first(/^\/page-login\.[0-9a-f]+\.js$/);
  expect(chunk?.fetchStart).toBeLessThan(main.responseEnd);
  // Live means the form's own code has it: React's handlers are on the server's button.
  expect(await page.getByRole('button', { name: 'Log in', exact: true }).evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$')))).toBe(true);
});

// Decision 020: V8 compiles the shell's first scripts while they stream in, not function by function
// on the main thread. The hint counts only as the file's first line. That code comes in several
// files, each evaluated in a task of its own; in one file of 400 KB it was one long task.
test("the shell's first scripts come in several files, each asking V8 to compile all of it while it loads", async ({ page, request }) => {
  await page.goto('/');
  const sources = (await page.locator('script[data-src]').getAttribute('data-src'))!.split(' ');
  expect(sources.length).toBeGreaterThanOrEqual(3);
  expect(sources.at(-1)).toMatch(/^\/main\.[0-9a-f]+\.js$/);
  for (const src of sources) {
    const file = await request.get(src, { headers: { 'accept-encoding': 'br' } });
    expect(file.ok(), src).toBe(true);
    const text = await file.text();
    expect(text.startsWith('//# allFunctionsCalledOnLoad\n'), src).toBe(true);
    expect(text.length, src).toBeLessThanOrEqual(220 * 1024);
  }
});

// Decision 020: a remote's entry (its federation runtime and share registrations) runs whole
// whenever the remote is used; page chunks, which hold code a page may never call, stay lazy.
test("the remotes' entries ask V8 to compile all of them while they load, their page chunks do not", async ({ page, request }) => {
  const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
  expect(Object.keys(remotes).length).toBeGreaterThan(0);
  for (const url of Object.values(remotes)) {
    const entry = await request.get(url);
    expect(entry.ok(), url).toBe(true);
    expect((await entry.text()).startsWith('//# allFunctionsCalledOnLoad\n'), url).toBe(true);
  }
  const chunks: Promise<[string, string]>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/remotes/') && url.pathname.endsWith('.js') && !url.pathname.endsWith('/remoteEntry.js')) chunks.push(response.text().then((text) => [url.pathname, text]));
  });
  await page.goto('/community');
  await pageSettled(page);
  const loaded = await Promise.all(chunks);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter(([, text]) => text.startsWith('//# allFunctionsCalledOnLoad')).map(([path]) => path)).toEqual([]);
});

test('the community pages and a package page load no validation library and few scripts before they are live', async ({ page }) => {
  const blog = await createBlog({ title: 'A post without a validator', content: '<p>Read only.</p>' });
  const event = await createEvent({ title: 'An event its seat links to', start_time: '2031-04-10T09:30:00.000Z', end_time: '2031-04-10T11:00:00.000Z' });
  const seat = await createPackage({ name: 'A seat without a validator', price: 50000, package_type: 'event', event_id: event.id, capacity: 5, is_active: true });
  for (const path of ['/community', `/blog/${blog.slug}`, `/packages/${seat.slug}`]) {
    const scripts: Promise<string>[] = [];
    const listener = (response: Response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.push(response.text());
    };
    page.on('response', listener);
    await page.goto(path);
    await pageSettled(page);
    page.off('response', listener);
    const bodies = await Promise.all(scripts);
    // zod's own error class name survives minification; forms fetch it when they are submitted.
    expect(bodies.filter((body) => body.includes('ZodError')), path).toEqual([]);
    // The shell's three first chunks, its layout, the remote's entry and its page chunks, the widget:
    // not a dozen more.
    expect(bodies.length, path).toBeLessThanOrEqual(14);
  }
});

// Decision 020: every federation instance on a page (the shell's and each remote's) resolves its
// shared singletons through the plugin that skips the runtime's semver where the answer is known.
test('every federation instance on a page carries the singleton-shares plugin', async ({ page }) => {
  for (const path of ['/', '/community']) {
    await page.goto(path);
    await pageSettled(page);
    const instances = await page.evaluate(() => {
      const federation = (window as unknown as { __FEDERATION__?: { __INSTANCES__?: { name: string; options: { plugins?: { name: string }[] } }[] } }).__FEDERATION__;
      return (federation?.__INSTANCES__ ?? []).map((instance) => ({ name: instance.name, plugins: (instance.options.plugins ?? []).map((plugin) => plugin.name) }));
    });
    expect(instances.map((instance) => instance.name), path).toEqual(expect.arrayContaining(['shell', path === '/' ? 'mfe_marketing' : 'mfe_community']));
    for (const instance of instances) expect(instance.plugins, `${path}: ${instance.name}`).toContain('site-singleton-shares');
  }
});

// Decision 031: a page's first Intl formatter loads the browser's locale data, tens of milliseconds
// of main thread. The pages that show dates and prices write them without one, in the server HTML
// and after hydration (in the visitor's zone) alike.
test.describe('pages with dates and prices', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('build no Intl formatter while they load and hydrate', async ({ page }) => {
    const blog = await createBlog({ title: 'A dated post', content: '<p>Dated.</p>', published_at: '2026-03-01T10:00:00.000Z' });
    const event = await createEvent({ title: 'A priced event', start_time: '2031-03-10T09:30:00.000Z', end_time: '2031-03-10T11:00:00.000Z' });
    const pkg = await createPackage({ name: 'A dated seat', price: 125000, package_type: 'event', event_id: event.id, capacity: 5, is_active: true, package_registration_deadline: '2031-03-09T12:00:00.000Z' });
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { intlMade: string[] }).intlMade = made;
      for (const name of ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'PluralRules', 'ListFormat', 'Collator'] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const counted = function (this: unknown, ...args: unknown[]) {
          made.push(name);
          return new Original(...args);
        };
        counted.prototype = Original.prototype;
        Object.assign(counted, Original);
        (Intl as unknown as Record<string, unknown>)[name] = counted;
      }
      for (const method of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
        const original = Date.prototype[method];
        Date.prototype[method] = function (this: Date, ...args: Parameters<typeof original>) {
          made.push(`Date.${method}`);
          return original.apply(this, args);
        };
      }
    });
    // Each page's time gains the visitor's zone beside India's once hydrated (GMT-5, or EST as Intl named it).
    for (const [path, hydratedText] of [
      ['/community', /^Your time: .* (GMT-[45]|E[SD]T)$/],
      [`/blog/${blog.slug}`, /^March 1, 2026$/],
      [`/event/${event.slug}`, /^Your time: .* (GMT-[45]|E[SD]T)$/],
      [`/packages/${pkg.slug}`, /^Your time: .* (GMT-[45]|E[SD]T)$/],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main time, main span').filter({ hasText: hydratedText }).first()).toBeVisible();
      await pageSettled(page);
      expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), path).toEqual([]);
    }
    await page.goto(`/event/${event.slug}`);
    await expect(page.getByText('₹1,25,000').first()).toBeVisible();
  });
});
