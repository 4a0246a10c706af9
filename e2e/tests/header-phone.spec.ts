import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInAsAdmin } from '../support/admin-session';
import { E2E_ADMIN } from '../support/global-setup';
import { signedInBuyer } from '../support/commerce';

/** Elements of the header that stick out of the screen on the right (their names and right edges). */
const outside = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll(`${sel} *`))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.right > width + 0.5)
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 20)}" right=${Math.round(box.right)}`);
  }, selector);

/**
 * Controls of the header that broke onto a second line or are cut; the brand alone may be cut
 * (with an ellipsis) on the narrowest phones, its full name in its title.
 */
const wrapped = (page: Page, selector: string) =>
  page.evaluate((sel) =>
    Array.from(document.querySelectorAll<HTMLElement>(`${sel} a, ${sel} button`))
      .filter((el) => el.offsetParent !== null && !el.hasAttribute('title'))
      .filter((el) => el.getClientRects().length > 1 || el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? '').trim()),
  selector);

for (const width of [320, 360, 390]) {
  test(`signed in at ${width}px the site header fits: greeting, AI Call and the menu on screen, Logout in the menu`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signedInBuyer(page);
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Hi, user' })).toBeInViewport({ ratio: 1 });
    await expect(banner.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
    const brand = banner.getByRole('link', { name: 'Tiny Titans AI' });
    await expect(brand).toHaveAttribute('title', 'Tiny Titans AI');
    // Cut at most to a recognisable start, never squeezed away.
    expect((await brand.boundingBox())!.width).toBeGreaterThanOrEqual(48);
    await expect(banner.getByRole('button', { name: /AI Call/ })).toBeInViewport({ ratio: 1 });
    expect(await outside(page, 'header')).toEqual([]);
    expect(await wrapped(page, 'header')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    if (width === 390) await page.screenshot({ path: test.info().outputPath(`header-${width}.png`) });
    await banner.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main (mobile)' });
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
    expect(await outside(page, 'header')).toEqual([]);
    if (width === 390) await page.screenshot({ path: test.info().outputPath(`header-menu-${width}.png`) });
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(`at ${width}px the admin header names the admin by username, keeps its full value, and fits`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page, '/admin');
    const who = page.getByRole('banner').getByTestId('admin-subject');
    await expect(who).toBeVisible();
    // The username, not the account's id (decision 068); a long one is cut in its box, whole in its text and title.
    await expect(who).toHaveText(E2E_ADMIN.username);
    await expect(who).toHaveAttribute('title', E2E_ADMIN.username);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath(`admin-header-${width}.png`) });
    expect(await outside(page, 'header')).toEqual([]);
    // Nor does anything below it (the dashboard's charts) widen the page.
    await expect(page.locator('main figure canvas')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
}

test('at 1280px the signed-in headers keep every control on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page, '/admin');
  expect(await outside(page, 'header')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('admin-header-1280.png') });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Hi, admin' })).toBeVisible();
  expect(await outside(page, 'header')).toEqual([]);
  expect(await wrapped(page, 'header')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('header-1280.png') });
});
