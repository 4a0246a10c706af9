import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPackage, uniqueSlug } from '../support/content-api';
import { expectNoAxeViolations, openFromSidebar, signInAsAdmin } from '../support/admin-session';
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

/** Nothing of the table waits behind a sideways scroll of its box. */
const fitsItsBox = (table: Locator) => table.evaluate((el) => el.scrollWidth - el.clientWidth);

test('at 390px the consultations, admins and front-ends tables show every column without a sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, '/admin/consultations');
  const consultations = page.getByRole('region', { name: 'Consultation packages' });
  const row = consultations.locator('tr', { hasText: 'AI Readiness Audit' });
  await expect(row).toBeVisible();
  expect(await fitsItsBox(consultations)).toBeLessThanOrEqual(0);
  for (const label of ['Price (INR)', 'Duration', 'Shown?', 'Actions']) await expect(row.locator(`td[data-label="${label}"]`)).toBeVisible();
  await wholeInside(row.getByRole('link', { name: 'Edit AI Readiness Audit' }), consultations, page);
  await page.screenshot({ path: test.info().outputPath('admin-consultations-390.png'), fullPage: true });

  await openFromSidebar(page, 'Settings');
  const admins = page.getByRole('region', { name: 'Admins (read only)' });
  await expect(admins.locator('td[data-label="Since"]').first()).toBeVisible();
  expect(await fitsItsBox(admins)).toBeLessThanOrEqual(0);
  await wholeInside(admins.locator('td[data-label="Since"]').first(), admins, page);

  await openFromSidebar(page, 'System');
  const remotes = page.getByRole('region', { name: 'Remotes and the version each serves now' });
  await expect(remotes.locator('td[data-label="Entry"]').first()).toBeVisible();
  expect(await fitsItsBox(remotes)).toBeLessThanOrEqual(0);
  await wholeInside(remotes.locator('td[data-label="Status"]').first(), remotes, page);
  await page.screenshot({ path: test.info().outputPath('admin-system-390.png'), fullPage: true });
  await expectNoAxeViolations(page);
});

test('at 1280px a short table and the orders stay tables; on a tablet a card keeps its values close to their names', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const buyer = await paidOrder();
  await signInAsAdmin(page, '/admin/consultations');
  const consultations = page.getByRole('region', { name: 'Consultation packages' });
  await expect(consultations.getByRole('columnheader', { name: 'Actions' })).toBeInViewport();
  // The orders beside the sidebar of a desktop are a table (issue 44): column headers, rows as rows.
  await openFromSidebar(page, 'Orders');
  const orders = page.getByRole('region', { name: /orders/i }).first();
  await expect(orders.getByRole('columnheader', { name: 'Amount' })).toBeInViewport();
  expect((await orders.getByRole('columnheader', { name: 'Amount' }).boundingBox())!.height).toBeGreaterThan(20);
  await page.screenshot({ path: test.info().outputPath('admin-orders-1280.png') });
  // A tablet's orders are cards: a value starts near its name, not mid-screen.
  await page.setViewportSize({ width: 768, height: 1024 });
  const cell = orders.locator('tr', { hasText: buyer }).locator('td[data-label="Amount"]');
  await expect(cell).toBeVisible();
  // The name's column of the card (its first grid track) is no wider than a long name needs.
  const nameColumn = await cell.evaluate((td) => parseFloat(getComputedStyle(td).gridTemplateColumns.split(' ')[0]!));
  expect(nameColumn).toBeGreaterThan(0);
  expect(nameColumn).toBeLessThanOrEqual(180);
  await page.screenshot({ path: test.info().outputPath('admin-orders-cards-768.png') });
});
