import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { pageSettled } from '../support/page-state';

// Issue 41: on a long page a slow phone spent most of its first frame laying out what lies far below
// the fold. Those parts (theme's skipWhileOffscreen: the community page's blocks and the footer)
// are laid out only as they near the viewport; they stay in the page for assistive technology,
// find-in-page and keyboard use. The home page's sections are links' targets: always laid out.

/** Whether the browser draws the element now (false while an ancestor's content is skipped off screen). */
const drawn = (locator: Locator) => locator.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));

const watchLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, the community page lays out its last blocks and footer only as they near the viewport, and nothing moves', async ({ page }) => {
  await watchLayoutShifts(page);
  await page.goto('/community');
  await pageSettled(page);
  const first = page.getByRole('heading', { level: 1 });
  const memberships = page.getByRole('heading', { name: 'Memberships', level: 2 });
  const footer = page.getByRole('contentinfo').getByRole('heading').first();
  expect(await drawn(first)).toBe(true);
  expect(await drawn(memberships)).toBe(false);
  expect(await drawn(footer)).toBe(false);
  // Skipped, not hidden: assistive technology still finds them.
  await expect(memberships).toHaveCount(1);

  await memberships.scrollIntoViewIfNeeded();
  await expect.poll(() => drawn(memberships)).toBe(true);
  await expect(memberships).toBeInViewport();
  expect(await layoutShift(page)).toBeLessThan(0.01);
});

test('the hero’s link to the contact section, far below the fold, lands on it', async ({ page }) => {
  await page.goto('/');
  await pageSettled(page);
  await page.locator('#home').getByRole('link', { name: 'Get in Touch' }).click();
  const heading = page.locator('#contact-title');
  await expect(heading).toBeInViewport();
  // Nothing above it grew on the way: it is still there once the scroll has ended.
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
  await expect(heading).toBeInViewport();
});

test('a keyboard user reaching the footer finds its links drawn and on screen', async ({ page }) => {
  await page.goto('/community');
  await pageSettled(page);
  const footerLink = page.getByRole('contentinfo').getByRole('link').first();
  expect(await drawn(footerLink)).toBe(false);
  await footerLink.focus();
  await expect(footerLink).toBeFocused();
  await expect.poll(() => drawn(footerLink)).toBe(true);
  await expect(footerLink).toBeInViewport();
});
