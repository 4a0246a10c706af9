import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { futureSlot, registerBuyer, signedInBuyer } from '../support/commerce';

test.describe.configure({ timeout: 60_000 });

const STARTER_ID = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';
const starter = (page: Page) => page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
const dateField = (page: Page) => starter(page).getByLabel('Date and time (IST)');

async function fillForm(page: Page, email: string, typed: string) {
  await page.goto('/#pricing');
  // The form learns the free times first, so a time another test holds is moved off at once.
  const busyKnown = page.waitForResponse((r) => r.url().includes('/api/bookings/slots'));
  await starter(page).getByRole('button', { name: 'Book Now' }).click();
  await busyKnown;
  await starter(page).getByLabel('Email').fill(email);
  await dateField(page).fill(typed);
  await dateField(page).press('Escape');
  // A picker still open could take the next click meant for Proceed to Payment.
  await expect(page.locator('.react-datepicker-popper')).toHaveCount(0);
  await expect(dateField(page)).not.toHaveValue('');
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the form fills in a signed-in buyer's e-mail and says why Proceed to Payment is disabled", async ({ page }) => {
    const buyer = await signedInBuyer(page);
    await page.goto('/#pricing');
    await starter(page).getByRole('button', { name: 'Book Now' }).click();
    await expect(starter(page).getByLabel('Email')).toHaveValue(buyer.email);
    const proceed = starter(page).getByRole('button', { name: 'Proceed to Payment' });
    await expect(proceed).toBeDisabled();
    await expect(proceed).toHaveAccessibleDescription('Enter a date and time to continue to payment.');
    await starter(page).getByLabel('Email').fill('');
    await expect(proceed).toHaveAccessibleDescription('Enter your e-mail and a date and time to continue to payment.');
    await page.screenshot({ path: test.info().outputPath('form-why-disabled-390.png') });
  });

  test('a paid booking is confirmed in place: package, IST time, amount, order id, .ics and /orders, no jump to the top', async ({ page }) => {
    const buyer = await signedInBuyer(page);
    await fillForm(page, buyer.email, futureSlot(19).typed);
    const proceed = starter(page).getByRole('button', { name: 'Proceed to Payment' });
    await expect(proceed).toBeEnabled();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/orders/create-order'));
    await proceed.click();
    const order = (await (await answer).json()) as { id: string };
    await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page.getByText('Booking confirmed! Check your email/calendar.')).toBeVisible();
    const confirmation = page.locator('#pricing').getByRole('region', { name: 'Booking confirmed' });
    await expect(confirmation).toBeInViewport();
    await expect(confirmation).toContainText('Starter Strategy Call');
    await expect(confirmation).toContainText(/\d{4} at \d{1,2}:\d{2} (AM|PM) IST/);
    await expect(confirmation).toContainText('₹1,200');
    await expect(confirmation).toContainText(order.id);
    await expect(confirmation.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/orders');
    const ics = await confirmation.getByRole('link', { name: 'Add to calendar (.ics)' }).getAttribute('href');
    const invite = await page.request.get(ics!);
    expect(invite.headers()['content-type']).toContain('text/calendar');
    expect(await invite.text()).toContain('BEGIN:VCALENDAR');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.screenshot({ path: test.info().outputPath('confirmation-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirmation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('confirmation-1280.png') });
  });
});

test('a slot taken meanwhile says so in words, clears the chosen time and greys it out', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const other = await registerBuyer(page);
  const buyer = await signedInBuyer(page);
  const slot = futureSlot(21);
  await fillForm(page, buyer.email, slot.typed);
  await expect(dateField(page)).toHaveValue(slot.typed);
  // Another buyer takes that very time while this one is still deciding.
  const held = await page.request.post('/api/orders/create-order', {
    headers: { authorization: `Bearer ${other.token}` },
    data: { package_id: STARTER_ID, amount: 1200, start_time: slot.iso, email: other.email },
  });
  expect(held.status()).toBe(201);

  const refreshed = page.waitForResponse((r) => r.url().includes('/api/bookings/slots'));
  await starter(page).getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'This time slot is no longer available. Please choose another time.' })).toBeVisible();
  await expect(page.getByText('slot_taken')).toHaveCount(0);
  await refreshed;
  await expect(dateField(page)).toHaveValue('');
  await expect(starter(page).getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('slot-taken-1280.png') });
  // The same time typed again moves to the next free one: the picker knows it is taken now.
  await dateField(page).fill(slot.typed);
  await dateField(page).press('Escape');
  await expect(dateField(page)).not.toHaveValue(slot.typed);
  await expect(dateField(page)).not.toHaveValue('');
});
