import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createBlog, createEvent, createPackage, uniqueSlug } from '../support/content-api';
import { openFromSidebar, signInAsAdmin } from '../support/admin-session';
import { fromNewAddress, futureSlot, openStarterDatePicker, paidSandboxOrder, signedInBuyer } from '../support/commerce';

// The finish a launch needs (issue 44), screens that fit: admin lists, the phone date picker, the
// assistant panel, toasts and the header's brand, each at the width where the fault was seen.
test.describe.configure({ timeout: 60_000 });


type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast where it comes to rest (its entry transition over). */
async function restingBox(toast: Locator): Promise<Box> {
  await expect(toast).toBeVisible();
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  return (await toast.boundingBox())!;
}

const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

// ——— Item 2: admin lists are tables on a desktop, cards on a phone; Mail pages like the others ———

/** Each list's sidebar label and its table's caption. */
const LISTS = [
  ['Blog', /^Blog posts/],
  ['Events', /^Events/],
  ['Packages', /^Packages/],
  ['Orders', /^Orders/],
  ['Messages', /^Contact messages/],
  ['Subscribers', /^Newsletter subscribers/],
  ['Mail', /^E-mail sent/],
] as const;

/** One row in every list (the run's other scenarios may add more). */
async function oneOfEach(page: Page): Promise<void> {
  const tag = uniqueSlug('fit');
  await createBlog({ title: `Fit post ${tag}`, content: '<p>Body.</p>' });
  await createEvent({ title: `Fit event ${tag}` });
  const pkg = await createPackage({ name: `Fit pass ${tag}`, price: 300, duration_days: 30, package_type: 'subscription' });
  await paidSandboxOrder(pkg.id, 300);
  const contact = { name: 'Fit Reader', email: `fit-${tag}@example.com`, country_code: '', phone_number: '', message: 'Hello there.', subject: 'Other / Consulting' };
  expect((await page.request.post('/api/contacts', { data: contact, headers: fromNewAddress() })).ok()).toBe(true);
  // The sign-up queues a confirmation mail, so Mail has a row too.
  expect((await page.request.post('/api/newsletters', { data: { email: `fit-${tag}@example.com` }, headers: fromNewAddress() })).status()).toBe(201);
}

test('at 1280×800 every admin list is a table with its column headers, nothing behind a sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await oneOfEach(page);
  await signInAsAdmin(page, '/admin');
  for (const [list, caption] of LISTS) {
    await openFromSidebar(page, list);
    const table = page.getByRole('table', { name: caption });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const header = table.getByRole('columnheader').first();
    // A header row the eye can read (not the 1px one a card list keeps for assistive technology), and rows laid out as rows.
    expect((await header.boundingBox())!.height, `${list}: column headers shown`).toBeGreaterThan(20);
    expect(await table.locator('tbody tr').first().evaluate((tr) => getComputedStyle(tr).display), `${list}: a table row`).toBe('table-row');
    const region = page.getByRole('region', { name: caption });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth), `${list}: no sideways scroll`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`admin-${list.toLowerCase()}-1280.png`) });
  }
});

test('at 390px every admin list is cards whose values carry their column’s name', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await oneOfEach(page);
  await signInAsAdmin(page, '/admin');
  for (const [list, caption] of LISTS) {
    await openFromSidebar(page, list);
    const table = page.getByRole('table', { name: caption });
    const row = table.locator('tbody tr').first();
    await expect(row).toBeVisible();
    expect(await row.evaluate((tr) => getComputedStyle(tr).display), `${list}: a card`).toBe('block');
    expect(await row.locator('td').first().evaluate((td) => getComputedStyle(td, '::before').content), `${list}: labelled values`).not.toBe('none');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`admin-${list.toLowerCase()}-390.png`), fullPage: true });
  }
});

test('Admin → Mail with more messages than a page shows a page at a time, with Previous and Next', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const all = Array.from({ length: 45 }, (_, n) => ({
    id: `6f1d2c1e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    to: `reader${n}@example.com`,
    subject: `Message ${n + 1}`,
    state: 'sent' as const,
    retries: 0,
    last_error: null,
    created_at: at(n),
    next_attempt_at: null,
    sent_at: at(n),
  }));
  const asked: string[] = [];
  await page.route('**/api/admin/mail?**', (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const pageNo = Number(url.searchParams.get('page') ?? '1');
    const size = Number(url.searchParams.get('page_size') ?? '20');
    return route.fulfill({
      json: { items: all.slice((pageNo - 1) * size, pageNo * size), total: all.length, page: pageNo, page_size: size, counts: { pending: 0, failed: 0, sent: all.length } },
    });
  });
  await signInAsAdmin(page, '/admin/mail');
  const table = page.getByRole('main').getByRole('table');
  await expect(table.getByRole('row', { name: /Message 1\b/ })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(20);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toContainText('Page 1 of 3 (45 in all)');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(table.getByRole('row', { name: /Message 21\b/ })).toBeVisible();
  await expect(pages).toContainText('Page 2 of 3 (45 in all)');
  expect(asked.at(-1)).toContain('page=2');
  await page.screenshot({ path: test.info().outputPath('admin-mail-paged-1280.png'), fullPage: true });
});

// ——— Item 3: the phone date picker stays on screen; no time is struck through before a day is picked ———

test.describe('a visitor in New York on a 320×640 phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, timezoneId: 'America/New_York' });

  test('opens the date picker wholly on screen, below the header, and no time is struck through before a day is picked', async ({ page }) => {
    const { starter, popup } = await openStarterDatePicker(page);
    const box = (await popup.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    // The month and its arrows are seen, not under the header.
    const month = popup.locator('.react-datepicker__current-month');
    await expect(month).toBeInViewport({ ratio: 1 });
    expect(await month.evaluate((el) => { const r = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); })).toBe(true);
    await expect(popup.getByRole('button', { name: 'Next Month' })).toBeInViewport({ ratio: 1 });

    const struck = () =>
      popup.locator('.react-datepicker__time-list-item:not(.outside-hours)').evaluateAll((items) => items.filter((li) => getComputedStyle(li).textDecorationLine.includes('line-through')).length);
    await expect(popup.locator('.react-datepicker__time-list-item:not(.outside-hours)')).toHaveCount(37);
    expect(await struck()).toBe(0);
    await page.screenshot({ path: test.info().outputPath('date-picker-320.png') });

    // A day picked: its free times are offered (not every one struck through).
    await popup.locator('.react-datepicker__day:not(.react-datepicker__day--disabled):not(.react-datepicker__day--outside-month)').first().click();
    await expect(starter.getByLabel('Date and time (IST)')).toHaveValue(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/);
    expect(await struck()).toBeLessThan(37);
  });
});

// ——— Item 4: the assistant panel fits a phone, draws its icons, says one price ———

for (const width of [320, 390]) {
  test(`at ${width}px the assistant’s Send fits on screen, its icons are drawn, and a price is said once`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: /AI Call/ });
    await expect(button).toHaveAttribute('aria-disabled', 'false');
    await button.click();
    const widget = page.getByRole('dialog', { name: 'Tiny Titans AI assistant' });
    await expect(widget).toBeVisible();
    const send = widget.getByRole('button', { name: 'Send' });
    await expect(send).toBeInViewport({ ratio: 1 });
    await expect(send).toHaveText('Send');
    expect(await send.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const panel = (await widget.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(width);
    // Line icons, not emoji (which some phones draw as empty boxes).
    for (const name of ['Read answers aloud', 'Close assistant', 'Speak your question']) {
      const control = widget.getByRole('button', { name });
      if (!(await control.isVisible())) continue;
      await expect(control.locator('svg')).toHaveCount(1);
      expect(await control.evaluate((el) => /\p{Extended_Pictographic}/u.test(el.textContent ?? ''))).toBe(false);
    }
    await widget.getByLabel('Your question').fill('How much is the AI Readiness Audit?');
    await send.click();
    const log = widget.getByRole('log');
    await expect(log).toContainText('AI Readiness Audit: ₹2,100 for 90 minutes');
    await expect(log).not.toContainText('INR');
    await page.screenshot({ path: test.info().outputPath(`assistant-${width}.png`) });
  });
}

// ——— Item 9: one toast style, placed over nothing that must be pressed on a phone ———

test.describe('a buyer on a 390px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the booking’s toast leaves View your orders and Close free', async ({ page }) => {
    const buyer = await signedInBuyer(page);
    await page.goto('/#pricing');
    const starter = page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
    await starter.getByRole('button', { name: 'Book Now' }).click();
    await starter.getByLabel('Email').fill(buyer.email);
    const field = starter.getByLabel('Date and time (IST)');
    await field.fill(futureSlot(10).typed);
    await field.press('Escape');
    await starter.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Pay', exact: true }).click();
    const toast = toastWith(page, 'Booking confirmed! Check your email/calendar.');
    const confirmation = page.getByRole('region', { name: 'Booking confirmed' });
    const controls = [confirmation.getByRole('link', { name: 'View your orders' }), confirmation.getByRole('button', { name: 'Close' })];
    await expect(toast).toBeVisible();
    // The buyer reads down to the links while the toast shows: Close sits at the foot of the screen.
    await controls[1]!.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    // Whole, give or take the fraction of a pixel a scroll to the edge may leave.
    for (const control of controls) await expect(control).toBeInViewport({ ratio: 0.99 });
    const resting = await restingBox(toast);
    for (const control of controls) expect(overlaps(resting, (await control.boundingBox())!)).toBe(false);
    await page.screenshot({ path: test.info().outputPath('booking-toast-390.png') });
  });

  test('“Payment window closed.” is the same toast as every other', async ({ page }) => {
    await signedInBuyer(page);
    const pkg = await createPackage({ name: `Toast pass ${uniqueSlug('t')}`, price: 500, duration_days: 30, package_type: 'subscription', is_active: true });
    await page.goto(`/packages/${pkg.slug}`);
    await page.getByRole('button', { name: 'Buy for ₹500' }).click();
    const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
    await checkout.getByRole('button', { name: 'Fail payment' }).click();
    const failed = toastWith(page, 'Payment failed');
    await restingBox(failed);
    await checkout.getByRole('button', { name: 'Close' }).click();
    const closed = toastWith(page, 'Payment window closed.');
    await restingBox(closed);
    const look = (toast: Locator) =>
      toast.evaluate((el) => {
        const style = getComputedStyle(el);
        return { radius: style.borderRadius, padding: style.padding, font: style.fontSize, border: style.borderWidth, rich: el.getAttribute('data-rich-colors'), icon: el.querySelector('[data-icon] svg') !== null };
      });
    expect(await look(closed)).toEqual(await look(failed));
    expect((await look(closed)).icon).toBe(true);
    await page.screenshot({ path: test.info().outputPath('window-closed-toast-390.png') });
  });
});

test('at 390px the toast after a newsletter test leaves Send to All Subscribers free', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const post = await createBlog({ title: `Toast post ${uniqueSlug('n')}`, content: '<p>News.</p>', published_at: new Date(Date.now() - 60_000).toISOString() });
  await signInAsAdmin(page, `/admin/blogs/edit/${post.id}`);
  const panel = page.getByRole('region', { name: 'Send to the newsletter' });
  const tester = `tester-${randomBytes(4).toString('hex')}@example.com`;
  await panel.getByLabel('Test address').fill(tester);
  await panel.getByRole('button', { name: 'Send Test' }).click();
  const sendAll = panel.getByRole('button', { name: 'Send to All Subscribers' });
  await expect(sendAll).toBeEnabled();
  // The admin scrolls down just far enough to reach the button: it sits at the foot of the screen.
  await sendAll.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const resting = await restingBox(toastWith(page, `Test sent to ${tester}.`));
  await expect(sendAll).toBeInViewport({ ratio: 1 });
  expect(overlaps(resting, (await sendAll.boundingBox())!)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('newsletter-toast-390.png') });
});

// ——— Item 10: the brand in the header is never cut ———

for (const width of [320, 390]) {
  for (const who of ['signed out', 'buyer', 'admin'] as const) {
    test(`at ${width}px, ${who}, the header’s brand is whole`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      if (who === 'buyer') await signedInBuyer(page);
      if (who === 'admin') await signInAsAdmin(page, '/admin');
      await page.goto('/');
      const banner = page.getByRole('banner');
      if (who !== 'signed out') await expect(banner.getByRole('link', { name: `Hi, ${who === 'admin' ? 'admin' : 'user'}` })).toBeVisible();
      const brand = banner.getByRole('link', { name: 'Tiny Titans AI' });
      await expect(brand).toHaveText('Tiny Titans AI');
      await expect(brand).toBeInViewport({ ratio: 1 });
      expect(await brand.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      // And the controls beside it stay whole on screen.
      await expect(banner.getByRole('button', { name: /AI Call/ })).toBeInViewport({ ratio: 1 });
      await expect(banner.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
      if (who !== 'signed out') await expect(banner.getByRole('link', { name: /^Hi, / })).toBeInViewport({ ratio: 1 });
      else await expect(banner.getByRole('link', { name: 'Login' })).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath(`header-${who.replace(' ', '-')}-${width}.png`), clip: { x: 0, y: 0, width, height: 90 } });
    });
  }
}
