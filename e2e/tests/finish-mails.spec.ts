import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createEvent, createPackage, uniqueSlug } from '../support/content-api';
import { fromNewAddress, offeredSlot, registerBuyer } from '../support/commerce';

// The finish a launch needs (issue 44), item 7: e-mails that read like the site. Each kind of
// message, as the outbox holds it, opened on a 390 px phone in light and dark mode.
test.describe.configure({ timeout: 90_000 });

const STARTER_ID = '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01';

/** Quoted-printable to bytes, read as UTF-8. */
const quotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** The HTML part of the newest outbox message to `email` whose subject matches (waits for it). */
async function htmlMailTo(email: string, subject: RegExp): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let html = '';
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse()) {
          const raw = await readFile(path.join(outbox, file), 'utf8');
          const header = raw.slice(0, raw.indexOf('\n\n'));
          if (!header.includes(`To: ${email}`) || !subject.test(header.replace(/\r?\n[ \t]/g, ' '))) continue;
          const part = /Content-Type: text\/html[^\n]*\r?\nContent-Transfer-Encoding: quoted-printable\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(raw)?.[1];
          if (part) html = quotedPrintable(part);
          return Boolean(part);
        }
        return false;
      },
      { message: `no HTML mail to ${email} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return html;
}

/** What a reader of the message sees, measured in the page. */
const look = (page: Page) =>
  page.evaluate(() => {
    const rgb = (css: string) => (/rgba?\(([^)]+)\)/.exec(css)?.[1] ?? '0,0,0,0').split(/[\s,/]+/).filter(Boolean).map(Number);
    const background = (el: Element | null): number[] => {
      for (let at = el; at; at = at.parentElement) {
        const colour = rgb(getComputedStyle(at).backgroundColor);
        if ((colour[3] ?? 1) > 0) return colour;
      }
      return [255, 255, 255];
    };
    const lum = ([r, g, b]: number[]) =>
      [r!, g!, b!].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const contrast = (el: Element) => {
      const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(background(el))].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    };
    const footer = Array.from(document.querySelectorAll('.mail-footer p, .mail-footer a'));
    return {
      width: document.documentElement.scrollWidth,
      footerContrast: Math.min(...footer.map(contrast)),
      bodyContrast: Math.min(...Array.from(document.querySelectorAll('.mail-card p, .mail-card h1')).map(contrast)),
      linkTexts: Array.from(document.querySelectorAll('a')).map((a) => a.textContent ?? ''),
      buttons: Array.from(document.querySelectorAll('a.mail-button')).map((a) => a.textContent),
    };
  });

async function expectReadsLikeTheSite(page: Page, html: string, name: string, buttons: string[]): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setContent(html);
    const seen = await look(page);
    expect(seen.width, `${name} fits 390 px (${colorScheme})`).toBeLessThanOrEqual(390);
    expect(seen.footerContrast, `${name} footer (${colorScheme})`).toBeGreaterThanOrEqual(4.5);
    expect(seen.bodyContrast, `${name} text (${colorScheme})`).toBeGreaterThanOrEqual(4.5);
    // No address with a token is a link's visible text: those are buttons with short labels.
    expect(seen.linkTexts.filter((text) => /https?:\/\/\S*(token=|reset=)/.test(text))).toEqual([]);
    expect(seen.buttons.toSorted()).toEqual(buttons.toSorted());
    await page.screenshot({ path: test.info().outputPath(`mail-${name}-390-${colorScheme}.png`), fullPage: true });
  }
}

test('a booking confirmation fits a phone, names its links, and is readable in both schemes', async ({ page }) => {
  const buyer = await registerBuyer(page);
  const slot = await offeredSlot(page, STARTER_ID, 31);
  const created = await page.request.post('/api/orders/create-order', {
    headers: { authorization: `Bearer ${buyer.token}`, ...fromNewAddress() },
    data: { package_id: STARTER_ID, amount: 1200, start_time: slot.iso, email: buyer.email },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { razorpayOrderId: string };
  expect((await page.request.post('/api/payments/sandbox/settle', { data: { razorpay_order_id: order.razorpayOrderId, outcome: 'paid' } })).ok()).toBe(true);
  const html = await htmlMailTo(buyer.email, /Subject: Booking confirmed/);
  await expectReadsLikeTheSite(page, html, 'booking', ['View receipt', 'Reschedule', 'Cancel booking']);
});

test('an event ticket fits a phone and names its receipt link, in both schemes', async ({ page }) => {
  const buyer = await registerBuyer(page);
  const event = await createEvent({ title: `Mail Meetup ${uniqueSlug('m')}`, location: 'Tiny Titans Studio, 2nd Floor, 14 Residency Road, Bengaluru' });
  const pkg = await createPackage({ name: `Mail Pass ${uniqueSlug('p')}`, price: 499, package_type: 'event', event_id: event.id, capacity: 40, is_active: true });
  const created = await page.request.post('/api/orders/create-order', {
    headers: { authorization: `Bearer ${buyer.token}`, ...fromNewAddress() },
    data: { package_id: pkg.id, amount: 499 },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { razorpayOrderId: string };
  expect((await page.request.post('/api/payments/sandbox/settle', { data: { razorpay_order_id: order.razorpayOrderId, outcome: 'paid' } })).ok()).toBe(true);
  const html = await htmlMailTo(buyer.email, /Subject: Payment received/);
  await expectReadsLikeTheSite(page, html, 'ticket', ['View receipt']);
});

test("a newsletter confirmation fits a phone and names its confirm and unsubscribe links, in both schemes", async ({ page }) => {
  const email = `mail-look-${uniqueSlug('n')}@example.com`;
  expect((await page.request.post('/api/newsletters', { data: { email }, headers: fromNewAddress() })).status()).toBe(201);
  const html = await htmlMailTo(email, /Subject: Please confirm/);
  await expectReadsLikeTheSite(page, html, 'newsletter-confirm', ['Confirm subscription', 'Unsubscribe']);
});
