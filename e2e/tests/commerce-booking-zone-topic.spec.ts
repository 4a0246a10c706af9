import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { offeredSlot, signedInBuyer } from '../support/commerce';
import { signInAsAdmin } from '../support/admin-session';

const STARTER_ID = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';
const SHOTS = process.env.ADMIN_SHOTS_DIR;

test.use({ timezoneId: 'Europe/London', viewport: { width: 390, height: 844 } });

/** "December 5, 2026 at 4:30 AM UTC": the instant as the site writes a visitor's own time in London (named by its offset). */
function londonWhen(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'shortOffset' })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName === 'GMT' || parts.timeZoneName === 'GMT+0' ? 'UTC' : parts.timeZoneName}`;
}

async function shots(page: Page, name: string, shown: Locator) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shown.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize(size);
}

test("a visitor in London sees their own time beside IST on the form and /orders, and the admin reads what they would like to discuss", async ({ page }) => {
  const buyer = await signedInBuyer(page);
  const slot = await offeredSlot(page, STARTER_ID, 27);
  await page.goto('/#pricing');
  const starter = page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
  const slotsKnown = page.waitForResponse((r) => r.url().includes('/api/bookings/slots'));
  await starter.getByRole('button', { name: 'Book Now' }).click();
  await slotsKnown;
  const date = starter.getByLabel('Date and time (IST)');
  await date.fill(slot.typed);
  await date.press('Escape');
  await expect(date).toHaveValue(slot.typed);
  await expect(starter.getByText(`Your time: ${londonWhen(slot.iso)}`)).toBeVisible();

  const discuss = starter.getByLabel('What would you like to discuss? (optional)');
  const proceed = starter.getByRole('button', { name: 'Proceed to Payment' });
  await discuss.fill('x'.repeat(1001));
  await expect(starter.getByRole('alert')).toHaveText('Please keep what you would like to discuss to 1,000 characters.');
  await expect(discuss).toHaveAttribute('aria-invalid', 'true');
  await expect(proceed).toBeDisabled();
  const topic = `Triage of our support inbox with an LLM ${buyer.username}`;
  await discuss.fill(topic);
  await expect(starter.getByText(`${topic.length} / 1,000 characters`)).toBeVisible();
  await expect(proceed).toBeEnabled();
  await expectNoAxeViolations(page);
  await shots(page, 'booking-form-zone-discuss', date);

  const created = page.waitForRequest((r) => r.url().endsWith('/api/orders/create-order'));
  await proceed.click();
  const sent = (await created).postDataJSON() as { time_zone?: string; discussion?: string };
  expect(sent.time_zone).toBe('Europe/London');
  expect(sent.discussion).toBe(topic);
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Pay', exact: true }).click();
  const confirmation = page.locator('#pricing').getByRole('region', { name: 'Booking confirmed' });
  await expect(confirmation).toContainText(`${slot.when}Your time: ${londonWhen(slot.iso)}`);

  await page.goto('/orders');
  const card = page.getByRole('article').filter({ hasText: 'Starter Strategy Call' }).first();
  await expect(card).toContainText(slot.when);
  await expect(card).toContainText(`Your time: ${londonWhen(slot.iso)}`);
  await shots(page, 'orders-zone', card);

  await signInAsAdmin(page, '/admin/orders');
  const row = page.getByRole('row').filter({ hasText: buyer.username });
  await expect(row).toContainText(topic);
  await shots(page, 'admin-orders-discuss', row);
});
