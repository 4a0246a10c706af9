// The plain Playwright test: the fixtures' navigation waits for the shell, which these hold back.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { futureSlot, registerBuyer } from '../support/commerce';
import { createEvent, createPackage } from '../support/content-api';
import { holdScripts, live, phoneProfile } from '../support/phone-profile';

// Phone-profile pages with a checkout take longer than the default on a shared host.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A press the page cannot act on yet is kept and says so: busy, with a visible "Loading…". */
async function expectKeptAndLoading(control: Locator): Promise<void> {
  await expect(control).toHaveAttribute('aria-busy', 'true');
  expect(await control.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"Loading…"');
}

/** Opens `path` on the phone profile with every script held: the server's HTML only. */
async function firstPaint(page: Page, path: string): Promise<() => void> {
  await phoneProfile(page);
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

test('Buy pressed twice before the shell starts opens the checkout once the page is live, with one order', async ({ page }) => {
  const buyer = await registerBuyer(page);
  const pkg = await createPackage({ name: 'Early Clinic', description: 'Bought at first paint.', price: 1700, duration_days: 30, package_type: 'subscription', is_active: true });
  const orderRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders/create-order') orderRequests.push(request.url());
  });
  const release = await firstPaint(page, `/packages/${pkg.slug}`);
  const buy = page.locator(`[data-replay="buy:${pkg.id}"]`);
  await expect(buy).toHaveText('Buy for ₹1,700');
  // An impatient visitor presses again while the page says Loading….
  await buy.click();
  await expectKeptAndLoading(buy);
  await buy.click();
  await expectKeptAndLoading(buy);
  await page.screenshot({ path: test.info().outputPath('buy-kept-390.png') });
  release();
  await live(page, 30_000);
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('1,700', { timeout: 30_000 });
  await expect(buy).not.toHaveAttribute('aria-busy');
  // Carried out once, not once per press: one checkout, one order asked for, one order held.
  await expect(checkout).toHaveCount(1);
  expect(orderRequests).toHaveLength(1);
  const orders = await page.request.get('/api/orders', { headers: { authorization: `Bearer ${buyer.token}` } });
  expect(orders.ok()).toBe(true);
  const ours = ((await orders.json()) as { package_id: string; status: string }[]).filter((order) => order.package_id === pkg.id);
  expect(ours).toHaveLength(1);
});

test('Book Now pressed before the shell starts is kept and, once the section can act, opens the booking form', async ({ page }) => {
  const buyer = await registerBuyer(page);
  const release = await firstPaint(page, '/#pricing');
  // The server renders the booking section whole (issue 44, item 12): its Book Now keeps a press.
  const starter = page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
  const book = starter.getByRole('button', { name: 'Book Now' });
  await book.click();
  await expectKeptAndLoading(book);
  await page.screenshot({ path: test.info().outputPath('book-kept-390.png') });
  release();
  await expect(starter.getByLabel('Email')).toHaveValue(buyer.email, { timeout: 30_000 });
  await expect(starter.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
  await expect(starter.locator('[data-replay^="book:"]')).not.toHaveAttribute('aria-busy');
});

test('the menu button pressed before the shell starts opens the menu once the page is live', async ({ page }) => {
  const release = await firstPaint(page, '/privacy');
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  await expectKeptAndLoading(menuButton);
  await page.screenshot({ path: test.info().outputPath('menu-kept-390.png') });
  release();
  await expect(page.getByRole('navigation', { name: 'Main (mobile)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});

test("the events carousel's Next and an event's details pressed before the shell starts are both carried out", async ({ page }) => {
  const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  await createEvent({ title: 'Early press meetup', start_time: soon(1) });
  await createEvent({ title: 'Early press workshop', start_time: soon(2) });
  const release = await firstPaint(page, '/community');
  const carousel = page.getByRole('region', { name: 'Events carousel' });
  const next = carousel.getByRole('button', { name: /^Next events/ });
  await expect(carousel.getByText(/^1 of \d+$/)).toBeVisible();
  await next.click();
  await expectKeptAndLoading(next);
  // On a phone the carousel shows one card: its details button, pressed before the page is live too.
  const details = carousel.getByRole('button', { name: /^View details: / });
  const title = (await details.getAttribute('aria-label'))!.replace('View details: ', '');
  await details.click();
  await expectKeptAndLoading(details);
  await carousel.screenshot({ path: test.info().outputPath('carousel-kept-390.png') });
  release();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible({ timeout: 30_000 });
  await expect(carousel.getByText(/^2 of \d+$/)).toBeVisible();
});

test('an event card link pressed before the shell starts opens the event page natively', async ({ page }) => {
  await createEvent({ title: 'Early link meetup', start_time: new Date(Date.now() + 1_800_000).toISOString() });
  await firstPaint(page, '/community');
  // The card a phone shows (other tests' events may come sooner).
  const link = page.getByRole('region', { name: 'Events carousel' }).getByRole('heading', { level: 3 }).getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  const title = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('paying for a booking on a phone leaves the page where the buyer was, at no moment at the top', async ({ page }) => {
  const buyer = await registerBuyer(page);
  await phoneProfile(page);
  await page.goto('/#pricing');
  await live(page, 30_000);
  const starter = page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
  await starter.getByRole('button', { name: 'Book Now' }).click();
  // The form is fetched on the first Book Now: seconds on this profile.
  await expect(starter.getByLabel('Email')).toHaveValue(buyer.email, { timeout: 30_000 });
  // The free times come after the form (seconds more on this profile): only those can be picked.
  await expect(starter.getByText('Loading the free times…')).toHaveCount(0, { timeout: 30_000 });
  const date = starter.getByLabel('Date and time (IST)');
  await date.fill(futureSlot(23).typed);
  await date.press('Escape');
  await starter.getByRole('button', { name: 'Proceed to Payment' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toBeVisible({ timeout: 30_000 });
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(1000);
  // Every position the page takes from the payment on, a jump and a return included.
  await page.evaluate(() => {
    const seen = ((window as unknown as { seenScroll: number[] }).seenScroll = [window.scrollY]);
    window.addEventListener('scroll', () => seen.push(window.scrollY), { passive: true });
  });
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  const confirmation = page.locator('#pricing').getByRole('region', { name: 'Booking confirmed' });
  await expect(confirmation).toBeInViewport({ timeout: 30_000 });
  await expect(page.getByText('Booking confirmed! Check your email/calendar.')).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seenScroll: number[] }).seenScroll);
  expect(Math.min(...seen), `positions taken: ${seen.join(', ')}`).toBeGreaterThan(before - 844);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a ticket bought before the shell starts says Loading… beside Buy, then opens the checkout', async ({ page }) => {
    await registerBuyer(page);
    const event = await createEvent({ title: 'Early ticket meetup' });
    const ticket = await createPackage({ name: 'Early ticket', price: 450, package_type: 'event', event_id: event.id, capacity: 5, is_active: true });
    const release = await holdScripts(page);
    await page.goto(`/event/${event.slug}`, { waitUntil: 'domcontentloaded' });
    const buy = page.locator(`[data-replay="buy:${ticket.id}"]`);
    await buy.click();
    await expectKeptAndLoading(buy);
    await page.screenshot({ path: test.info().outputPath('ticket-kept-1280.png') });
    release();
    await expect(page.getByRole('dialog', { name: 'Sandbox checkout' })).toContainText('450', { timeout: 30_000 });
  });
});
