import type { Page, Response } from '@playwright/test';
import { createBlog } from '../support/content-api';
import { expect, test } from '../support/fixtures';

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
  await page.waitForLoadState('networkidle');
  const bytes = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
  return { kib: bytes / 1024, urls };
}

// Budgets from the speed work (decision 014); the build is deterministic, so these do not flake.
for (const [path, budgetKib] of [
  ['/', 180],
  ['/login', 150],
] as const) {
  test(`a first visit to ${path} transfers at most ${budgetKib} KiB of JavaScript and no admin code`, async ({ page }) => {
    const { kib, urls } = await jsTransferred(page, path);
    expect(kib, urls.join('\n')).toBeLessThanOrEqual(budgetKib);
    expect(urls.filter((url) => url.includes('mfe-admin'))).toEqual([]);
  });
}

// A server-rendered page is painted from its HTML: the shell's script is fetched after that paint,
// not while the HTML is parsed, where it would run (all of it) before the first paint.
for (const path of ['/', '/community']) {
  test(`${path} is painted before the shell's script is fetched`, async ({ page }) => {
    await page.goto(path);
    const { paint, entry } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      entry: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => /\/main\.[0-9a-f]+\.js$/.test(r.name))?.fetchStart ?? NaN,
    }));
    expect(paint).toBeGreaterThan(0);
    expect(entry).toBeGreaterThan(paint);
  });
}

// Decision 028: V8 compiles the shell's entry while it streams in, not function by function on the
// main thread. The hint counts only as the file's first line.
test("the shell's entry asks V8 to compile all of it while it loads", async ({ page, request }) => {
  await page.goto('/');
  const src = await page.locator('script[data-src]').getAttribute('data-src');
  expect(src).toMatch(/^\/main\.[0-9a-f]+\.js$/);
  const entry = await request.get(src!, { headers: { 'accept-encoding': 'br' } });
  expect(entry.ok()).toBe(true);
  expect((await entry.text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
});

test('the community pages load no validation library and few scripts before they are live', async ({ page }) => {
  const blog = await createBlog({ title: 'A post without a validator', content: '<p>Read only.</p>' });
  for (const path of ['/community', `/blog/${blog.slug}`]) {
    const scripts: Promise<string>[] = [];
    const listener = (response: Response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.push(response.text());
    };
    page.on('response', listener);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    const bodies = await Promise.all(scripts);
    // zod's own error class name survives minification; forms fetch it when they are submitted.
    expect(bodies.filter((body) => body.includes('ZodError')), path).toEqual([]);
    // The shell, its layout, the remote's entry and its page chunks, the widget: not a dozen more.
    expect(bodies.length, path).toBeLessThanOrEqual(12);
  }
});
