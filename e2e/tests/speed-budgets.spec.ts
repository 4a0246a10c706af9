import type { Page } from '@playwright/test';
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
