import { expect, test } from '../support/fixtures';
import { offeredSlot, registerBuyer, signedInBuyer } from '../support/commerce';

const STARTER_ID = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';

test.use({ viewport: { width: 390, height: 844 } });

/** Holds the form's free times until the returned function is called: a slow phone's network. */
async function holdSlots(page: import('@playwright/test').Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/bookings/slots?**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a time typed before the free times arrive is kept, accepted once they do, and paid for', async ({ page }) => {
  const buyer = await signedInBuyer(page);
  const slot = await offeredSlot(page, STARTER_ID, 24);
  const release = await holdSlots(page);
  await page.goto('/#pricing');
  const starter = page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
  await starter.getByRole('button', { name: 'Book Now' }).click();
  await expect(starter.getByLabel('Email')).toHaveValue(buyer.email);
  await expect(starter.getByText('Loading the free times…')).toBeVisible();
  const date = starter.getByLabel('Date and time (IST)');
  await date.fill(slot.typed);
  await date.press('Escape');
  await expect(date).toHaveValue(slot.typed);
  await expect(starter.getByText('Please select a date and time.')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('typed-while-loading-390.png') });
  release();
  await expect(starter.getByText('Loading the free times…')).toHaveCount(0);
  await expect(date).toHaveValue(slot.typed);
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/orders/create-order'));
  await starter.getByRole('button', { name: 'Proceed to Payment' }).click();
  const sent = (await asked).postDataJSON() as { start_time: string };
  expect(Date.parse(sent.start_time)).toBe(Date.parse(slot.iso));
  await expect(page.getByRole('dialog', { name: 'Sandbox checkout' })).toBeVisible();
});

test('a time typed before the free times arrive that is not free is refused in words, its date kept', async ({ page }) => {
  const other = await registerBuyer(page);
  await signedInBuyer(page);
  const slot = await offeredSlot(page, STARTER_ID, 25);
  // Another buyer holds that very time: the list that arrives does not offer it.
  const held = await page.request.post('/api/orders/create-order', {
    headers: { authorization: `Bearer ${other.token}` },
    data: { package_id: STARTER_ID, amount: 1200, start_time: slot.iso, email: other.email },
  });
  expect(held.status()).toBe(201);
  const release = await holdSlots(page);
  await page.goto('/#pricing');
  const starter = page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
  await starter.getByRole('button', { name: 'Book Now' }).click();
  await expect(starter.getByText('Loading the free times…')).toBeVisible();
  const date = starter.getByLabel('Date and time (IST)');
  await date.fill(slot.typed);
  await date.press('Escape');
  release();
  await expect(starter.getByText('Loading the free times…')).toHaveCount(0);
  await expect(starter.getByRole('alert')).toHaveText(`${slot.when} is not free. Please choose another time.`);
  await expect(date).toHaveValue(slot.typed);
  await expect(starter.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('typed-not-free-390.png') });
});
