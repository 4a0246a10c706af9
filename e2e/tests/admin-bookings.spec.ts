import { expect, test } from '../support/fixtures';
import { adminScreenshots, expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';
import { fromNewAddress, IST_OFFSET_MS, mailTo, offeredSlot, registerBuyer } from '../support/commerce';

const STARTER_ID = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';
const istDate = (iso: string) => new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);

test('Admin → Bookings shows a day of consultations with buyer, link and topic; moves one (updated invitation) and refunds it', async ({ page }) => {
  const buyer = await registerBuyer(page);
  const slot = await offeredSlot(page, STARTER_ID, 29);
  const topic = `Agenda topic ${buyer.username}`;
  const created = await page.request.post('/api/orders/create-order', {
    headers: { authorization: `Bearer ${buyer.token}`, ...fromNewAddress() },
    data: { package_id: STARTER_ID, amount: 1200, start_time: slot.iso, email: buyer.email, discussion: topic },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { id: string; razorpayOrderId: string };
  expect((await page.request.post('/api/payments/sandbox/settle', { data: { razorpay_order_id: order.razorpayOrderId, outcome: 'paid' } })).ok()).toBe(true);
  // Another free start the same week to move to.
  const day = istDate(slot.iso);
  const free = (await (await page.request.get('/api/bookings/slots', { params: { package_id: STARTER_ID, from: day, to: day } })).json()) as { slots: string[] };
  const target = free.slots.find((start) => Math.abs(Date.parse(start) - Date.parse(slot.iso)) >= 3 * 3_600_000)!;
  expect(target).toBeTruthy();

  await signInAsAdmin(page, '/admin/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await page.getByLabel('From (IST date)').fill(day);
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  // A booking of the agenda (a toast naming the buyer is a list item too).
  const booking = () => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).filter({ hasText: buyer.username });
  const item = booking();
  await expect(item).toContainText(topic);
  await expect(item).toContainText(slot.when);
  await expect(item.getByRole('link', { name: /^https:\/\// })).toBeVisible();
  await expectNoAxeViolations(page);
  await adminScreenshots(page, 'admin-bookings', item);

  await item.getByRole('button', { name: `Move ${buyer.username}'s Starter Strategy Call` }).click();
  const targetInput = new Date(Date.parse(target) + IST_OFFSET_MS).toISOString().slice(0, 16);
  await item.getByLabel('New date and time (IST)').fill(targetInput);
  await item.getByRole('button', { name: 'Move booking' }).click();
  await expect(page.getByText(/^Moved to .* has been sent the updated invitation\.$/)).toBeVisible();
  const moved = booking();
  await expect(moved).not.toContainText(slot.when);
  const invite = await mailTo(buyer.email, /Subject: Booking moved/);
  expect(invite).toContain(`UID:order-${order.id}@`);
  expect(invite).toContain('SEQUENCE:1');

  await moved.getByRole('button', { name: /^Refund order of/ }).click();
  await moved.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText(new RegExp(`^Refunded ₹1,200 to ${buyer.username}\\.`))).toBeVisible();
  await expect(booking()).toHaveCount(0);
});

test('Admin → Bookings says when nothing is booked and when the list failed', async ({ page }) => {
  let fail = true;
  await page.route('**/api/admin/bookings?**', (route) => (fail ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Internal error' } }) : route.fulfill({ json: [] })));
  await signInAsAdmin(page, '/admin/bookings');
  await expect(page.getByText('Failed to load the bookings.')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: /Try again|Retry/ }).click();
  await expect(page.getByText('No bookings in these days.')).toBeVisible();
});
