import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { futureSlot, registerBuyer, signedInBuyer } from '../support/commerce';

// Seen on a phone: closing the payment window left red toasts and dead 'Awaiting payment' cards.
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 60_000 });

const STARTER_ID = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';
const starter = (page: Page) => page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
const group = (page: Page, name: string) => page.getByRole('region', { name });
const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

async function holdSlot(page: Page, token: string, iso: string) {
  const res = await page.request.post('/api/orders/create-order', {
    headers: { authorization: `Bearer ${token}` },
    data: { package_id: STARTER_ID, amount: 1200, start_time: iso },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

const busyAt = async (page: Page, iso: string) => {
  const to = new Date(Date.parse(iso) + 60_000).toISOString();
  const res = await page.request.get(`/api/bookings/busy?from=${encodeURIComponent(iso)}&to=${encodeURIComponent(to)}`);
  return ((await res.json()) as unknown[]).length;
};

test('closing the payment window informs, frees the slot, and /orders lets the buyer pay it after all', async ({ page }) => {
  const buyer = await signedInBuyer(page);
  await page.goto('/#pricing');
  await starter(page).getByRole('button', { name: 'Book Now' }).click();
  await starter(page).getByLabel('Email').fill(buyer.email);
  const dateField = starter(page).getByLabel('Date and time (IST)');
  await dateField.fill(futureSlot(15).typed);
  await dateField.press('Escape');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/orders/create-order'));
  await starter(page).getByRole('button', { name: 'Proceed to Payment' }).click();
  const created = await answer;
  const order = (await created.json()) as { id: string };
  const chosen = ((await (await page.request.get(`/api/orders/${order.id}`, { headers: { authorization: `Bearer ${buyer.token}` } })).json()) as {
    start_time: string;
  }).start_time;

  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Close' }).click();
  // Information, not an error: the spec's words, in a plain toast.
  await expect(toastWith(page, 'Payment window closed.')).toBeVisible();
  await expect(toastWith(page, 'Payment window closed.')).not.toHaveAttribute('data-type', 'error');
  await expect.poll(() => busyAt(page, chosen)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('window-closed-390.png') });

  await page.goto('/orders');
  const card = group(page, 'Awaiting payment').getByRole('article', { name: 'Starter Strategy Call' });
  await expect(card).toContainText('Requested time');
  await expect(card).not.toContainText('Booked for');
  await expect(card).toContainText(order.id);
  await page.screenshot({ path: test.info().outputPath('orders-unpaid-390.png'), fullPage: true });
  await card.getByRole('button', { name: 'Pay for Starter Strategy Call' }).click();
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Booking confirmed! Check your email/calendar.')).toBeVisible();
  const paid = group(page, 'Paid orders').getByRole('article', { name: 'Starter Strategy Call' });
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText('Booked for');
  await expect(group(page, 'Awaiting payment')).toHaveCount(0);
});

test('a third unpaid order is refused in words naming the pending one; Cancel drops one; Pay says when the slot is gone', async ({ page }) => {
  // The other buyer first: the last sign-in is the browser's.
  const other = await registerBuyer(page);
  const buyer = await signedInBuyer(page);
  const [a, b] = [futureSlot(16), futureSlot(17)];
  const first = await holdSlot(page, buyer.token, a.iso);
  const second = await holdSlot(page, buyer.token, b.iso);

  await page.goto('/#pricing');
  await starter(page).getByRole('button', { name: 'Book Now' }).click();
  await starter(page).getByLabel('Email').fill(buyer.email);
  const dateField = starter(page).getByLabel('Date and time (IST)');
  await dateField.fill(futureSlot(18).typed);
  await dateField.press('Escape');
  await starter(page).getByRole('button', { name: 'Proceed to Payment' }).click();
  const refusal = toastWith(page, `order ${first.id.slice(0, 8)}`);
  await expect(refusal).toContainText('Pay for it or cancel it in Your orders');
  await expect(page.getByText('too_many_unpaid_orders')).toHaveCount(0);

  // The second order's hold is released (its window closed) and another buyer takes the slot.
  expect((await page.request.post(`/api/orders/${second.id}/release`, { headers: { authorization: `Bearer ${buyer.token}` } })).status()).toBe(200);
  await holdSlot(page, other.token, b.iso);

  await page.goto('/orders');
  const unpaid = group(page, 'Awaiting payment');
  await expect(unpaid.getByRole('article')).toHaveCount(2);
  const cards = unpaid.getByRole('article');
  const firstCard = cards.filter({ hasText: first.id });
  const secondCard = cards.filter({ hasText: second.id });
  await secondCard.getByRole('button', { name: 'Pay for Starter Strategy Call' }).click();
  await expect(toastWith(page, 'This time slot is no longer available.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sandbox checkout' })).toHaveCount(0);

  await firstCard.getByRole('button', { name: 'Cancel unpaid order for Starter Strategy Call' }).click();
  const ended = group(page, 'Expired and cancelled').getByRole('article').filter({ hasText: first.id });
  await expect(ended).toContainText('Cancelled, not paid');
  await expect(ended.getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('orders-groups-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('orders-groups-1280.png'), fullPage: true });
});

test('an order whose time to pay has run out is worded as expired, grouped apart, with nothing to press', async ({ page }) => {
  const buyer = await signedInBuyer(page);
  const held = await holdSlot(page, buyer.token, futureSlot(26).iso);
  // Past its day to pay: the api answers it expired and no longer payable (the order is otherwise real).
  await page.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const orders = (await response.json()) as Record<string, unknown>[];
    await route.fulfill({ response, json: orders.map((order) => (order.id === held.id ? { ...order, status: 'expired', payable: false } : order)) });
  });
  await page.goto('/orders');
  const card = group(page, 'Expired and cancelled').getByRole('article').filter({ hasText: held.id });
  await expect(card).toContainText('Expired, not paid');
  await expect(card).toContainText('Requested time');
  await expect(card).not.toContainText('Booked for');
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(group(page, 'Awaiting payment')).toHaveCount(0);
  await expect(group(page, 'Expired and cancelled')).toContainText('These were never paid; their times and seats were released.');
  await page.screenshot({ path: test.info().outputPath('orders-expired-390.png'), fullPage: true });
});
