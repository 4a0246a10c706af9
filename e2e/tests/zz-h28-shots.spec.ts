import { expect, test } from '../support/fixtures';
import { createEvent, createPackage, uniqueSlug } from '../support/content-api';
import { signedInBuyer } from '../support/commerce';
import { signInAsAdmin } from '../support/admin-session';

test('shots', async ({ page }) => {
  test.setTimeout(180_000);
  const event = await createEvent({ title: `Shots meetup ${uniqueSlug('s')}`, location: 'Tiny Titans Studio, Bengaluru', start_time: '2027-03-04T10:30:00.000Z', end_time: '2027-03-04T12:30:00.000Z' });
  const pkg = await createPackage({ name: `Shot seat ${uniqueSlug('s')}`, description: 'A seat.', price: 1499.5, package_type: 'event', event_id: event.id, capacity: 3, is_active: true });
  const sub = await createPackage({ name: `Shot sub ${uniqueSlug('s')}`, description: 'Monthly.', price: 1200, duration_days: 30, package_type: 'subscription', is_active: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.goto(`/packages/${sub.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `/tmp/h28-shots/x-sub-out-${width}.png` });
  }
  await signedInBuyer(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.goto(`/packages/${pkg.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `/tmp/h28-shots/x-pkg-in-${width}.png` });
    await page.getByRole('button', { name: /Buy for/ }).click();
    await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByTestId('ticket-toast-detail')).toBeVisible();
    await page.screenshot({ path: `/tmp/h28-shots/x-toast-${width}.png` });
    await expect(page).toHaveURL(/\/orders$/);
    await page.screenshot({ path: `/tmp/h28-shots/x-orders-${width}.png`, fullPage: true });
  }
  await page.context().clearCookies();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await signInAsAdmin(page, '/admin/packages');
    await page.screenshot({ path: `/tmp/h28-shots/x-admin-packages-${width}.png`, fullPage: true });
    await page.goto('/admin/consultations');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `/tmp/h28-shots/x-admin-consultations-${width}.png`, fullPage: true });
    await page.goto('/admin');
    await expect(page.locator('main figure canvas')).toHaveCount(2);
    await page.screenshot({ path: `/tmp/h28-shots/x-admin-dashboard-${width}.png`, fullPage: true });
    if (width < 768) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.screenshot({ path: `/tmp/h28-shots/x-admin-menu-${width}.png`, fullPage: true });
    }
  }
});
