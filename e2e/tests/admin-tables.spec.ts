import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPackage, uniqueSlug } from '../support/content-api';
import { expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';
import { paidSandboxOrder } from '../support/commerce';

async function paidOrder(): Promise<string> {
  const pkg = await createPackage({ name: `Table ${uniqueSlug('t')}`, price: 250, duration_days: 30, package_type: 'subscription' });
  return paidSandboxOrder(pkg.id, 250);
}

/** The element lies wholly inside the table's box and the screen: nothing of it is cut off. */
async function wholeInside(target: Locator, box: Locator, page: Page) {
  const [t, b] = [(await target.boundingBox())!, (await box.boundingBox())!];
  const width = page.viewportSize()!.width;
  expect(t.x).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(t.x + t.width).toBeLessThanOrEqual(Math.min(b.x + b.width, width) + 0.5);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}px the orders table shows every column and the refund confirmation uncut`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const buyer = await paidOrder();
    await signInAsAdmin(page, '/admin/orders');
    const table = page.getByRole('region', { name: /orders/i }).first();
    const row = table.locator('tr', { hasText: buyer });
    await expect(row).toBeVisible();
    // Nothing waits behind a sideways scroll.
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    for (const label of ['Status', 'Actions']) await expect(row.locator(`td[data-label="${label}"]`)).toBeVisible();
    const refund = row.getByRole('button', { name: /^Refund order of/ });
    await wholeInside(refund, table, page);
    await refund.click();
    const confirm = row.getByRole('group', { name: 'Confirm the refund' });
    await expect(confirm).toBeVisible();
    await wholeInside(confirm, table, page);
    await page.screenshot({ path: test.info().outputPath(`admin-orders-${viewport.width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  });
}
