import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { createPackage, uniqueSlug } from '../support/content-api';
import { expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';
import { futureSlot, mailTo, paidSandboxOrder, registerBuyer } from '../support/commerce';

/** Rows of a CSV without quoted line breaks (enough for these fields). */
function parseCsv(text: string): Record<string, string>[] {
  const split = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
  const [head, ...lines] = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  const names = split(head!);
  return lines.map((line) => Object.fromEntries(split(line).map((value, i) => [names[i], value])));
}

test('a paid sandbox order is refunded after a confirmation, and the filtered CSV matches the rows shown', async ({ page }) => {
  const pkg = await createPackage({ name: `Refundable ${uniqueSlug('r')}`, price: 250, duration_days: 30, package_type: 'subscription' });
  const buyer = await paidSandboxOrder(pkg.id, 250);

  await signInAsAdmin(page, '/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page.getByLabel('Status').selectOption('paid');
  await page.getByLabel('Kind').selectOption('package');
  const row = page.getByRole('row', { name: new RegExp(buyer) });
  await expect(row).toContainText(pkg.name);
  await expect(row).toContainText('₹250');
  await expect(row).toContainText('Paid');
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: /^Refund order/ }).click();
  await expect(row.getByText(`Refund ₹250 to ${buyer}?`)).toBeVisible();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('button', { name: 'Confirm refund' })).toHaveCount(0);
  await row.getByRole('button', { name: /^Refund order/ }).click();
  await row.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText(`Refunded ₹250 to ${buyer}. They have been e-mailed.`)).toBeVisible();
  // Refunded orders leave the "paid" list and show under "refunded".
  await expect(page.getByRole('row', { name: new RegExp(buyer) })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('refunded');
  await expect(page.getByRole('row', { name: new RegExp(buyer) })).toContainText('Refunded');

  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  await page.getByLabel('From (IST date)').fill(today);
  await page.getByLabel('To (IST date, inclusive)').fill(today);
  await expect(page.getByRole('row', { name: new RegExp(buyer) })).toBeVisible();
  const shown = await page
    .getByRole('region', { name: 'Orders, newest first' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent ?? '')));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = parseCsv(await readFile(file, 'utf8'));
  expect(csv.length).toBe(shown.length);
  csv.forEach((line, i) => {
    const cells = shown[i]!;
    expect(cells[1]).toContain(line['Buyer']);
    expect(cells[2]).toContain(line['Package']);
    // Paise only when not zero, as everywhere on the site.
    expect(cells[3]).toBe(`₹${Number(line['Amount (INR)']).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`);
    expect(line['Status']).toBe('refunded');
    expect(line['Kind']).toBe('package');
    // India's time, as the screen's dates are.
    expect(line['Ordered (IST)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
  expect(csv.some((line) => line['Buyer'] === buyer)).toBe(true);
});

test('the orders list shows its empty and error texts', async ({ page }) => {
  await signInAsAdmin(page, '/admin/orders');
  await page.route('**/api/admin/orders?*status=expired*', (route) => route.fulfill({ json: { items: [], total: 0, page: 1, page_size: 20 } }));
  await page.getByLabel('Status').selectOption('expired');
  await expect(page.getByText('No orders found.')).toBeVisible();
  await page.route('**/api/admin/orders?*status=failed*', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'x' } }));
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByRole('alert')).toContainText('Failed to load orders.');
});

test('refunding a paid consultation tells the buyer by e-mail and withdraws its calendar entry', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const buyer = await registerBuyer(page);
  const auth = { authorization: `Bearer ${buyer.token}` };
  const created = (await (
    await page.request.post('/api/orders/create-order', {
      headers: auth,
      data: { package_id: '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01', amount: 1200, start_time: futureSlot(22).iso },
    })
  ).json()) as { id: string; razorpayOrderId: string };
  expect((await page.request.post('/api/payments/sandbox/settle', { data: { razorpay_order_id: created.razorpayOrderId, outcome: 'paid' } })).ok()).toBe(true);
  // The invitation first: the withdrawal is the same entry, one sequence later.
  const invitation = await mailTo(buyer.email, /METHOD:REQUEST/);
  expect(invitation).toContain(`UID:order-${created.id}@`);
  const sequence = Number(/SEQUENCE:(\d+)/.exec(invitation)![1]);

  await signInAsAdmin(page, '/admin/orders');
  await page.getByLabel('Kind').selectOption('consultation');
  const row = page.getByRole('row', { name: new RegExp(buyer.username) });
  await row.getByRole('button', { name: /^Refund order/ }).click();
  await row.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText(`Refunded ₹1,200 to ${buyer.username}. They have been e-mailed and their calendar entry withdrawn.`)).toBeVisible();

  const refund = await mailTo(buyer.email, /Subject: Refund issued/);
  expect(refund).toContain('The booking is cancelled and its calendar entry withdrawn.');
  expect(refund).toContain('METHOD:CANCEL');
  expect(refund).toContain(`UID:order-${created.id}@`);
  expect(refund).toContain(`SEQUENCE:${sequence + 1}`);
});
