import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPackage, uniqueSlug } from '../support/content-api';
import { openFromSidebar, signInAsAdmin } from '../support/admin-session';

/** Whether the page scrolls sideways, and what sticks out on the right. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      // Content clipped inside a visually hidden box (the charts' tables) is not on the screen.
      .filter((el) => el.parentElement?.closest('.visually-hidden') === null)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).split(' ')[0]} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scrolls: document.documentElement.scrollWidth > width, wide };
  });

for (const width of [320, 390]) {
  test(`at ${width}px the admin dashboard and its charts fit the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page, '/admin');
    // The charts are drawn: both canvases have their size.
    const canvases = page.locator('main figure canvas');
    await expect(canvases).toHaveCount(2);
    await expect.poll(() => canvases.evaluateAll((all) => all.every((c) => c.getBoundingClientRect().width > 0))).toBe(true);
    expect(await overflow(page)).toEqual({ scrolls: false, wide: [] });
    for (const canvas of await canvases.all()) expect((await canvas.boundingBox())!.x + (await canvas.boundingBox())!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`admin-dashboard-${width}.png`), fullPage: true });
  });
}

test('native controls match the dark theme: the file picker, date inputs and the sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page, '/admin/orders');
  // Date inputs draw their calendar icon for a dark page.
  const from = page.getByLabel('From (IST date)');
  await expect(from).toBeVisible();
  expect(await from.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');
  // The sidebar has the theme's surface, from the header down to the bottom of the screen.
  const nav = page.getByRole('navigation', { name: 'Admin' });
  expect(await nav.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(18, 26, 51)');
  const box = (await nav.boundingBox())!;
  expect(box.y + box.height).toBeGreaterThanOrEqual(799);
  await page.screenshot({ path: test.info().outputPath('admin-orders-1280.png') });

  await openFromSidebar(page, 'Blog');
  await page.getByRole('link', { name: /New Post/ }).first().click();
  const file = page.locator('input[type="file"]').first();
  await expect(file).toBeAttached();
  const button = await file.evaluate((el) => {
    const style = getComputedStyle(el, '::file-selector-button');
    return { background: style.backgroundColor, color: style.color };
  });
  // The theme's raised surface and text colour, not the browser's light grey button.
  expect(button).toEqual({ background: 'rgb(26, 36, 71)', color: 'rgb(238, 242, 255)' });
  expect(await file.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');
  await page.screenshot({ path: test.info().outputPath('admin-blog-form-1280.png'), fullPage: true });
});

test('admin prices carry ₹ and Indian digit grouping', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = `Grouped ${uniqueSlug('g')}`;
  await createPackage({ name, price: 125000, duration_days: 30, package_type: 'subscription', is_active: true });
  await signInAsAdmin(page, '/admin/packages');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('₹1,25,000.00');
  await openFromSidebar(page, 'Consultations');
  await expect(page.getByRole('row').filter({ hasText: 'AI Readiness Audit' })).toContainText('₹2,100');
});
