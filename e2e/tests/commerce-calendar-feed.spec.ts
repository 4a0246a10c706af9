import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { adminAccessToken } from '../support/admin-token';
import { IST_OFFSET_MS, signedInBuyer } from '../support/commerce';

test.describe.configure({ timeout: 60_000 });

/** A day no other test books: the feed's event is the only thing on it. */
const DAYS_AHEAD = 44;
const istDate = new Date(Date.now() + IST_OFFSET_MS + DAYS_AHEAD * 86_400_000);
const ymd = istDate.toISOString().slice(0, 10);
const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(istDate);
const typed = (time: string) => `${month} ${istDate.getUTCDate()}, ${istDate.getUTCFullYear()} ${time}`;

// The consultant's own calendar, served from this machine: busy 10:00–12:00 IST that day.
const feed = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//e2e//feed//EN',
  'BEGIN:VEVENT',
  'UID:e2e-busy@test',
  'DTSTAMP:20260101T000000Z',
  `DTSTART;TZID=Asia/Kolkata:${ymd.replaceAll('-', '')}T100000`,
  `DTEND;TZID=Asia/Kolkata:${ymd.replaceAll('-', '')}T120000`,
  'SUMMARY:Private',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let server: Server;
let feedUrl = '';
test.beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/calendar' }).end(feed));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private.ics`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const starter = (page: Page) => page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
const dateField = (page: Page) => starter(page).getByLabel('Date and time (IST)');

test("a busy time in the consultant's own calendar is not offered by the booking form", async ({ page }) => {
  const auth = { authorization: `Bearer ${await adminAccessToken()}` };
  const added = await page.request.post('/api/admin/availability/feeds', { headers: auth, data: { label: 'E2E private', url: feedUrl } });
  expect(added.status()).toBe(201);
  const { id, busy_count } = (await added.json()) as { id: string; busy_count: number };
  expect(busy_count).toBe(1);
  try {
    await signedInBuyer(page);
    await page.goto('/#pricing');
    const slotsKnown = page.waitForResponse((r) => r.url().includes('/api/bookings/slots'));
    await starter(page).getByRole('button', { name: 'Book Now' }).click();
    await slotsKnown;
    // 11:00 is inside the busy time: the form moves it to the next time it offers (12:15, after the buffer).
    await dateField(page).fill(typed('11:00 AM'));
    await dateField(page).press('Escape');
    await expect(dateField(page)).toHaveValue(typed('12:15 PM'));
    // 9:00 (ending 9:45, 15 minutes clear of 10:00) is offered as typed.
    await dateField(page).fill(typed('9:00 AM'));
    await dateField(page).press('Escape');
    await expect(dateField(page)).toHaveValue(typed('9:00 AM'));
    await page.screenshot({ path: test.info().outputPath('feed-blocked-1280.png') });
  } finally {
    await page.request.delete(`/api/admin/availability/feeds/${id}`, { headers: auth });
  }
});
