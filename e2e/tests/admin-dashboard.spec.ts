import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { uniqueSlug } from '../support/content-api';
import { expectNoAxeViolations, istInput, openFromSidebar, signInAsAdmin } from '../support/admin-session';

const counter = (page: import('@playwright/test').Page, label: string) =>
  page.locator('main dl > div').filter({ has: page.getByRole('term').getByText(label, { exact: true }) }).getByRole('definition');

async function count(page: import('@playwright/test').Page, label: string): Promise<number> {
  const text = await counter(page, label).textContent();
  return Number(text);
}

test('the dashboard counts move after a create and the activity names it', async ({ page }) => {
  await signInAsAdmin(page, '/admin');
  for (const label of ['Total Users', 'Blog Posts', 'Events', 'Job Positions']) await expect(counter(page, label)).toHaveText(/^\d+$/);
  await expect(counter(page, 'Job Positions')).toHaveText('0');
  const eventsBefore = await count(page, 'Events');
  await expect(page.getByRole('heading', { name: 'Orders and bookings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Paid orders and revenue per week' }).locator('tbody tr')).toHaveCount(12);
  await expect(page.getByRole('table', { name: 'Bookings per day ahead' }).locator('tbody tr').first()).toBeAttached();
  await expectNoAxeViolations(page);

  const title = `Dashboard event ${uniqueSlug('d')}`;
  await page.getByRole('link', { name: 'New Event' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Slug').fill(uniqueSlug('dashboard-event'));
  await page.getByLabel('Description').fill('Counted.');
  await page.getByLabel('Location').fill('Online');
  await page.getByLabel('Start time (IST)').fill(istInput(3, '09:00'));
  await page.getByLabel('End time (IST)').fill(istInput(3, '10:00'));
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);

  await openFromSidebar(page, 'Dashboard');
  await expect(counter(page, 'Events')).toHaveText(/^\d+$/);
  expect(await count(page, 'Events')).toBeGreaterThan(eventsBefore);
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText(
    `e2e-admin created event “${title}”`,
  );
});

test('the dashboard shows an error with a retry when its counts fail', async ({ page }) => {
  let fail = true;
  await page.route('**/api/admin/stats', (route) => (fail ? route.fulfill({ status: 500, json: { error: 'internal', message: 'x' } }) : route.continue()));
  await signInAsAdmin(page, '/admin');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load the counts.' })).toBeVisible();
  fail = false;
  await page.getByRole('alert').filter({ hasText: 'Failed to load the counts.' }).getByRole('button', { name: 'Try again' }).click();
  await expect(counter(page, 'Total Users')).toHaveText(/^\d+$/);
});

test('messages are listed page by page and exported as CSV', async ({ page }) => {
  const name = `Sender ${randomBytes(3).toString('hex')}`;
  const sent = await fetch(`${process.env.E2E_BASE_URL}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: 'sender@example.com', country_code: '', phone_number: '', subject: 'Other / Consulting', message: '=1+1 a formula-looking line' }),
  });
  expect(sent.ok).toBe(true);
  await signInAsAdmin(page, '/admin/messages');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('=1+1 a formula-looking line');
  await expect(page.getByText(/Page 1 of \d+ \(\d+ in all\)/)).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const line = csv.split(/\r?\n/).find((l) => l.includes(name));
  expect(line).toBeDefined();
  // One header style for every export, times in India's time.
  expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Received (IST),Name,Email,Phone,Subject,Message');
  expect(line).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
  // Spreadsheet formulas are neutralised in the file.
  expect(line).not.toMatch(/,"?=1\+1/);
});

test('messages page through the list', async ({ page }) => {
  const item = (n: number) => ({ id: `m${n}`, name: `Paged ${n}`, email: 'p@example.com', country_code: '', phone_number: '', subject: 'x', message: 'y', created_at: new Date().toISOString() });
  await page.route('**/api/admin/messages?*', (route) => {
    const pageNo = Number(new URL(route.request().url()).searchParams.get('page'));
    return route.fulfill({ json: { items: [item(pageNo)], total: 41, page: pageNo, page_size: 20 } });
  });
  await signInAsAdmin(page, '/admin/messages');
  await expect(page.getByText('Page 1 of 3 (41 in all)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('row', { name: /Paged 2/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 3 of 3 (41 in all)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('subscribers are listed with pending and unsubscribed ones marked, counted, filtered and exported', async ({ page }) => {
  const email = `reader-${randomBytes(3).toString('hex')}@example.com`;
  const subscribed = await fetch(`${process.env.E2E_BASE_URL}/api/newsletters`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(subscribed.ok).toBe(true);
  await signInAsAdmin(page, '/admin/subscribers');
  // Not confirmed yet: listed as awaiting confirmation, and counted apart from the confirmed.
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Awaiting confirmation');
  await expect(page.getByTestId('subscriber-counts')).toContainText(/\d+ confirmed \(they receive posts\), [1-9]\d* awaiting confirmation, \d+ unsubscribed\./);
  await expectNoAxeViolations(page);

  await page.getByLabel('Status').selectOption('unsubscribed');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  // The export follows the filter: a subscribed address is not in the unsubscribed file.
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Email,Status,Subscribed (IST),Confirmed (IST),Unsubscribed (IST)');
  expect(csv).not.toContain(email);

  await page.route('**/api/admin/subscribers?*', (route) =>
    route.fulfill({
      json: {
        items: [{ id: 's1', email: 'gone@example.com', status: 'unsubscribed', subscribed_at: '2026-01-01T00:00:00.000Z', confirmed_at: null, unsubscribed_at: '2026-02-01T00:00:00.000Z' }],
        total: 1,
        page: 1,
        page_size: 20,
      },
    }),
  );
  await page.getByLabel('Status').selectOption('');
  await expect(page.getByRole('row', { name: /gone@example.com/ })).toContainText('Unsubscribed');
});

test('settings list the admins and refuse a wrong current password', async ({ page }) => {
  await signInAsAdmin(page, '/admin/settings');
  await expect(page.getByRole('row', { name: /e2e-admin/ })).toContainText('e2e-admin@example.com');
  await page.getByLabel('Current password').fill('not the password');
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect.' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('a brand new password');
});

test('every admin screen passes axe once loaded', async ({ page }) => {
  // Twelve screens, each loaded and audited.
  test.setTimeout(120_000);
  await signInAsAdmin(page, '/admin');
  for (const [label, heading] of [
    ['Dashboard', 'Dashboard'],
    ['Blog', 'Blog Posts'],
    ['Events', 'Events'],
    ['Packages', 'Packages'],
    ['Careers', 'Careers'],
    ['Settings', 'Settings'],
    ['Orders', 'Orders'],
    ['Messages', 'Messages'],
    ['Subscribers', 'Subscribers'],
    ['Consultations', 'Consultations'],
    ['Availability', 'Availability'],
  ] as const) {
    await openFromSidebar(page, label);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
  for (const path of ['/admin/blogs/new', '/admin/events/new', '/admin/packages/new']) {
    await page.goto(path);
    await expect(page.locator('main form')).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
