import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openInApp, test } from '../support/fixtures';
import { createEvent, createPackage, uniqueSlug } from '../support/content-api';
import { registerBuyer, signedInBuyer } from '../support/commerce';

// Payment, mail and axe runs on a shared machine take longer than the default 30 s now and then.
test.describe.configure({ timeout: 60_000 });

const subscription = (name: string, price = 1500) =>
  createPackage({ name, description: 'Monthly office hours with the team.', price, duration_days: 30, package_type: 'subscription', is_active: true });

async function eventPackage(name: string, fields: Record<string, unknown> = {}) {
  const event = await createEvent({ title: `Event for ${name}`, slug: uniqueSlug('e2e-commerce-event') });
  const pkg = await createPackage({ name, price: 499, package_type: 'event', event_id: event.id, capacity: 1, is_active: true, ...fields });
  return { event, pkg };
}

const expectNoAxeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

test('the package page lists its fields with the spec labels, skipping empty ones', async ({ page }) => {
  const pkg = await subscription('Office Hours Monthly');
  await page.goto(`/packages/${pkg.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Office Hours Monthly' })).toBeVisible();
  for (const [label, value] of [
    ['Name', 'Office Hours Monthly'],
    ['Slug', pkg.slug],
    ['Description', 'Monthly office hours with the team.'],
    ['Price (₹)', '1,500'],
    ['Duration (days)', '30'],
    ['Package Type', 'subscription'],
  ]) {
    await expect(page.locator('dt', { hasText: label }).first()).toBeVisible();
    await expect(page.locator('dd', { hasText: value }).first()).toBeVisible();
  }
  for (const empty of ['Event ID', 'Capacity', 'Registration Deadline']) await expect(page.locator('dt', { hasText: empty })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Buy for ₹1,500' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('buying a package in the sandbox ends on /orders with the order paid', async ({ page }) => {
  await signedInBuyer(page);
  const pkg = await subscription('Automation Clinic', 2500);
  await page.goto(`/packages/${pkg.slug}`);
  await page.getByRole('button', { name: 'Buy for ₹2,500' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('2,500');
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment successful! Access will be activated soon.')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  const order = page.getByRole('article', { name: 'Automation Clinic' });
  await expect(order).toContainText('Paid');
  await expect(order).toContainText('₹2,500');
  await expectNoAxeViolations(page);
});

test('a sold-out event package says so and cannot be bought', async ({ page }) => {
  const { pkg } = await eventPackage('Summit Last Seat');
  // Another buyer holds the only seat.
  const other = await registerBuyer(page);
  const held = await page.request.post('/api/orders/create-order', {
    headers: { authorization: `Bearer ${other.token}` },
    data: { package_id: pkg.id, amount: 499 },
  });
  expect(held.status()).toBe(201);

  await signedInBuyer(page);
  await page.goto(`/packages/${pkg.slug}`);
  await page.getByRole('button', { name: 'Buy for ₹499' }).click();
  await expect(page.getByText('Sold out: no seats are left for this package.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  await expect(page.getByRole('dialog', { name: 'Sandbox checkout' })).toHaveCount(0);
});

test('a package past its registration deadline says so and cannot be bought', async ({ page }) => {
  const { pkg } = await eventPackage('Summit Late Seat', { package_registration_deadline: new Date(Date.now() - 86_400_000).toISOString() });
  await page.goto(`/packages/${pkg.slug}`);
  await expect(page.getByText('Registration for this package has closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registration closed' })).toBeDisabled();
});

test('the event page offers its packages with Buy buttons, composed from commerce', async ({ page }) => {
  const { event, pkg } = await eventPackage('Summit Day Pass', { capacity: 50 });
  await page.goto(`/event/${event.slug}`);
  const card = page.getByRole('article', { name: 'Summit Day Pass' });
  await expect(card.getByRole('button', { name: 'Buy for ₹499' })).toBeEnabled();
  await expect(card.getByRole('link', { name: 'Register: Summit Day Pass' })).toHaveAttribute('href', `/packages/${pkg.slug}`);
});

test('an unknown package and a failed load have their own messages', async ({ page }) => {
  await page.goto('/packages/no-such-package');
  await expect(page.getByRole('alert')).toHaveText('Package not found.');
  await page.route('**/api/packages/public/search**', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'x' } }));
  await openInApp(page, '/packages/any-package');
  await expect(page.getByRole('alert')).toHaveText('Failed to load package.');
});

test("when the provider's script cannot load, an inline red message names its SDK", async ({ page }) => {
  await signedInBuyer(page);
  const pkg = await subscription('Script Failure Package', 900);
  await page.route('**/api/payments/sandbox/checkout.js', (route) => route.abort());
  await page.goto(`/packages/${pkg.slug}`);
  await page.getByRole('button', { name: 'Buy for ₹900' }).click();
  await expect(page.getByRole('alert')).toContainText('Sandbox checkout SDK failed to load.');
  await expect(page.getByRole('button', { name: 'Buy for ₹900' })).toBeEnabled();
});

test('/orders has an empty state and an error state', async ({ page }) => {
  await signedInBuyer(page);
  await page.goto('/orders');
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.route('**/api/orders', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'x' } }));
  await page.reload();
  await expect(page.getByText('Failed to load your orders.')).toBeVisible();
});
