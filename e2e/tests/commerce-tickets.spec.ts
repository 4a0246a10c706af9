import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createEvent, createPackage, uniqueSlug } from '../support/content-api';
import { mailTo, signedInBuyer } from '../support/commerce';
import { expectNoAxeViolations } from '../support/admin-session';

// Payment and axe runs on a shared machine take longer than the default now and then.
test.describe.configure({ timeout: 60_000 });

// 2027-03-04 10:30 UTC is 4:00 PM IST.
const START = '2027-03-04T10:30:00.000Z';
const END = '2027-03-04T12:30:00.000Z';
const WHEN = 'March 4, 2027 at 4:00 PM IST';
const PLACE = 'Tiny Titans Studio, 12 Residency Road, Indiranagar, Bengaluru 560038';

async function ticket(name: string, fields: Record<string, unknown> = {}) {
  const event = await createEvent({ title: `Agents in Production ${uniqueSlug('m')}`, location: PLACE, start_time: START, end_time: END });
  const pkg = await createPackage({
    name,
    description: 'A seat at the meetup, with lunch and the recordings afterwards.',
    price: 125000,
    package_type: 'event',
    event_id: event.id,
    capacity: 40,
    is_active: true,
    ...fields,
  });
  return { event, pkg };
}

/** Whether the page scrolls sideways (something wider than the screen). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('on a phone, buying an event ticket says which event, when in IST and where: in the toast and on its /orders card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const buyer = await signedInBuyer(page);
  const { event, pkg } = await ticket(`Meetup seat ${uniqueSlug('t')}`);
  await page.goto(`/packages/${pkg.slug}`);
  await page.getByRole('button', { name: 'Buy for ₹1,25,000' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();

  // The spec's alert as it is, the event beside it.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Payment successful! Access will be activated soon.' });
  await expect(toast).toBeVisible();
  const detail = toast.getByTestId('ticket-toast-detail');
  await expect(detail).toContainText(event.title);
  await expect(detail).toContainText(WHEN);
  await expect(detail).toContainText(PLACE);
  await expect(detail.getByRole('link', { name: 'Event page' })).toHaveAttribute('href', `/event/${event.slug}`);

  await expect(page).toHaveURL(/\/orders$/);
  const card = page.getByRole('article', { name: pkg.name });
  await expect(card).toContainText('Paid');
  await expect(card).toContainText('₹1,25,000');
  await expect(card.locator('dt', { hasText: 'When' }).locator('+ dd')).toContainText(`${WHEN}, until March 4, 2027 at 6:00 PM IST`);
  await expect(card.locator('dt', { hasText: 'Where' }).locator('+ dd')).toHaveText(PLACE);
  const link = card.getByRole('link', { name: event.title });
  await expect(link).toHaveAttribute('href', `/event/${event.slug}`);
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('orders-ticket-390.png'), fullPage: true });
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();

  // The e-mail says the same: which event, when in IST, where, and its page.
  const mail = await mailTo(buyer.email, /Subject: Payment received/);
  expect(mail).toContain(`Subject: Payment received: ${pkg.name} for ${event.title} on ${WHEN}`);
  expect(mail).toContain(`Event: ${event.title}`);
  expect(mail).toContain(`When: ${WHEN}, until March 4, 2027 at 6:00 PM IST`);
  expect(mail).toContain(`Where: ${PLACE}`);
  expect(mail).toContain(`Event page: ${process.env.E2E_BASE_URL}/event/${event.slug}`);
});

for (const width of [390, 1280]) {
  test(`at ${width}px a ticket's package page reads as a product page: price and Buy first, its event by title, date and place`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    const longSlug = uniqueSlug(`an-unusually-long-package-slug-that-goes-on-and-on-without-any-break-at-all-x`);
    const { event, pkg } = await ticket(`Agents in Production: a full-day meetup seat with lunch and recordings ${uniqueSlug('p')}`, { slug: longSlug });
    await page.goto(`/packages/${pkg.slug}`);
    const article = page.getByRole('article', { name: pkg.name });
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(pkg.name);

    // Price and Buy, prominent: large, and in view without scrolling.
    const price = article.getByTestId('package-price');
    await expect(price).toHaveText('₹1,25,000');
    expect(await price.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(32);
    await expect(article.getByRole('button', { name: 'Buy for ₹1,25,000' })).toBeInViewport({ ratio: 1 });

    // The linked event by its title (linking its page), date and time in IST, and place.
    const eventBox = article.getByRole('region', { name: 'Ticket for' });
    await expect(eventBox.getByRole('link', { name: event.title })).toHaveAttribute('href', `/event/${event.slug}`);
    await expect(eventBox).toContainText(`${WHEN}, until March 4, 2027 at 6:00 PM IST`);
    await expect(eventBox).toContainText(PLACE);

    // Every field the spec lists, with its label, still there.
    const details = article.getByRole('region', { name: 'Package details' });
    for (const [label, value] of [
      ['Name', pkg.name],
      ['Slug', longSlug],
      ['Price (₹)', '1,25,000'],
      ['Package Type', 'event'],
      ['Event ID', event.id],
      ['Capacity', '40'],
    ]) {
      await expect(details.locator('dt', { hasText: label }).first()).toBeVisible();
      await expect(details.locator('dd', { hasText: value }).first()).toBeVisible();
    }

    // Long values wrap: nothing runs off the screen.
    expect(await scrollsSideways(page)).toBe(false);
    if (width >= 1024) {
      // Beside the description on a wide screen.
      const intro = (await article.locator('header').boundingBox())!;
      const buy = (await article.getByRole('region', { name: 'Price and purchase' }).boundingBox())!;
      expect(buy.x).toBeGreaterThan(intro.x + intro.width);
    }
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`package-${width}.png`), fullPage: true });
  });
}

test('the sandbox checkout dims the page behind it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInBuyer(page);
  const pkg = await createPackage({ name: `Dim ${uniqueSlug('d')}`, price: 900, duration_days: 30, package_type: 'subscription', is_active: true });
  await page.goto(`/packages/${pkg.slug}`);
  await page.getByRole('button', { name: 'Buy for ₹900' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toBeVisible();
  const alpha = await checkout.evaluate((el) => {
    const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(el, '::backdrop').backgroundColor);
    const parts = match ? match[1]!.split(',').map(Number) : [];
    return parts.length === 4 ? parts[3]! : parts.length === 3 ? 1 : 0;
  });
  expect(alpha).toBeGreaterThanOrEqual(0.5);
  await page.screenshot({ path: test.info().outputPath('sandbox-390.png') });
});
