import { expect, test } from '../support/fixtures';
import { futureSlot, IST_OFFSET_MS, mailTo, registerBuyer } from '../support/commerce';

// Opened from the booking e-mail, usually on a phone.
test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

const STARTER_ID = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';

test('the reschedule and cancel pages wear the site look without scripts; moving into the next 24 h is refused in place', async ({ page }) => {
  const buyer = await registerBuyer(page);
  const auth = { authorization: `Bearer ${buyer.token}` };
  const created = (await (await page.request.post('/api/orders/create-order', { headers: auth, data: { package_id: STARTER_ID, amount: 1200, start_time: futureSlot(5).iso } })).json()) as {
    id: string;
    razorpayOrderId: string;
  };
  expect((await page.request.post('/api/payments/sandbox/settle', { data: { razorpay_order_id: created.razorpayOrderId, outcome: 'paid' } })).ok()).toBe(true);
  const order = (await (await page.request.get(`/api/orders/${created.id}`, { headers: auth })).json()) as {
    reschedule_url: string;
    cancel_url: string;
    receipt_url: string;
  };

  // The confirmation e-mail links the receipt.
  const mail = await mailTo(buyer.email, /Subject: Booking confirmed/);
  expect(mail).toContain(`Receipt (printable): ${process.env.E2E_BASE_URL}${order.receipt_url}`);

  await page.goto(order.receipt_url);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  const receipt = page.locator('main');
  const fact = (name: string) => receipt.locator('dt', { hasText: name }).locator('+ dd');
  await expect(fact('Order id')).toHaveText(created.id);
  await expect(fact('Date paid')).toHaveText(/^\w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) IST$/);
  await expect(fact('Item')).toContainText('Starter Strategy Call, booked for');
  await expect(fact('Amount')).toHaveText('₹1,200 (INR)');
  // Who sold it: the consultancy's name, address and contacts.
  const seller = receipt.locator('address');
  await expect(seller).toContainText('Tiny Titans AI');
  await expect(seller).toContainText('Bengaluru');
  await expect(seller).toContainText('hello@tinytitans.ai');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('receipt-390.png'), fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('link', { name: 'Your orders' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.goto(order.reschedule_url);
  await expect(page.getByRole('link', { name: 'Tiny Titans AI' })).toBeVisible();
  // The site's favicon, served.
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect((await page.request.get(icon!)).ok()).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 16, 32)');
  await page.screenshot({ path: test.info().outputPath('reschedule-390.png'), fullPage: true });
  // Only free times past the cutoff are offered; a hand-made post of a sooner one is still refused, in place.
  await expect(page.getByLabel('Day')).toBeVisible();
  const soon = new Date(Date.now() + IST_OFFSET_MS + 5 * 3_600_000).toISOString().slice(0, 16);
  await page.getByLabel('New date and time (IST)').evaluate((select, value) => {
    select.append(new Option(value, value, true, true));
  }, soon);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Reschedule' }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('more than 24 hours ahead');
  await expect(page.getByLabel('New date and time (IST)')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reschedule-refused-390.png'), fullPage: true });

  await page.goto(order.cancel_url);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('status')).toContainText('Your booking is cancelled');
  await page.goto(order.cancel_url);
  await expect(page.getByRole('alert')).toHaveText('This booking is already cancelled: there is nothing more to do.');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('cancelled-1280.png'), fullPage: true });
});
