import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, openFromSidebar, signInAsAdmin } from '../support/admin-session';

/** The api's answer (shared/contracts/mail), as these tests stand in for it. */
interface MailItem {
  id: string;
  to: string;
  subject: string;
  state: 'pending' | 'failed' | 'sent';
  retries: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string | null;
  sent_at: string | null;
}
interface MailList {
  items: MailItem[];
  total: number;
  page: number;
  page_size: number;
  counts: Record<MailItem['state'], number>;
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const message = (item: Partial<MailItem> & Pick<MailItem, 'id' | 'state'>): MailItem => ({
  to: 'client@example.com',
  subject: 'Your consultation is booked',
  retries: 0,
  last_error: null,
  created_at: at(30),
  next_attempt_at: null,
  sent_at: null,
  ...item,
});
const FAILED = message({ id: '6f1d2c1e-0000-4000-8000-000000000001', state: 'failed', to: 'asha@example.com', retries: 32, last_error: 'connect ECONNREFUSED 127.0.0.1:587' });
const PENDING = message({ id: '6f1d2c1e-0000-4000-8000-000000000002', state: 'pending', to: 'ravi@example.com', subject: 'Reset your password', retries: 2, last_error: 'Greeting never received', next_attempt_at: at(-1) });
const SENT = message({ id: '6f1d2c1e-0000-4000-8000-000000000003', state: 'sent', subject: 'Welcome aboard', sent_at: at(29) });

/** Answers the list from `items` (filtered by ?state=) and records retries. */
async function serveMail(page: Page, items: MailItem[]): Promise<string[]> {
  const retried: string[] = [];
  await page.route('**/api/admin/mail**', async (route) => {
    const url = new URL(route.request().url());
    const retry = /\/api\/admin\/mail\/([^/]+)\/retry$/.exec(url.pathname);
    if (retry && route.request().method() === 'POST') {
      retried.push(retry[1]!);
      const item = items.find((i) => i.id === retry[1]);
      if (item) Object.assign(item, { state: 'pending', last_error: item.last_error, next_attempt_at: at(0) });
      return route.fulfill({ status: 204 });
    }
    const state = url.searchParams.get('state');
    const count = (s: MailItem['state']) => items.filter((i) => i.state === s).length;
    const listed = items.filter((i) => !state || i.state === state);
    const body: MailList = {
      items: listed,
      total: listed.length,
      page: 1,
      page_size: 20,
      counts: { pending: count('pending'), failed: count('failed'), sent: count('sent') },
    };
    return route.fulfill({ json: body });
  });
  return retried;
}

test('Admin → Mail is in the sidebar and says when nothing was sent', async ({ page }) => {
  await signInAsAdmin(page, '/admin');
  await openFromSidebar(page, 'Mail');
  await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
  await expect(page.getByText(/\d+ pending · \d+ failed · \d+ sent/)).toBeVisible();
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No failed messages.')).toBeVisible();
});

test('lists pending, failed and sent messages with the last error, and retries a failed one', async ({ page }) => {
  const retried = await serveMail(page, [PENDING, FAILED, SENT].map((item) => ({ ...item })));
  await signInAsAdmin(page, '/admin/mail');
  await expect(page.getByText('1 pending · 1 failed · 1 sent')).toBeVisible();
  const failed = page.getByRole('row', { name: /asha@example\.com/ });
  await expect(failed).toContainText('failed');
  await expect(failed).toContainText('32 retries');
  await expect(failed).toContainText('connect ECONNREFUSED 127.0.0.1:587');
  await expect(page.getByRole('row', { name: /ravi@example\.com/ })).toContainText('Next try');
  await expect(page.getByRole('row', { name: /Welcome aboard/ })).toContainText('Sent');
  // Only a failed message offers a retry.
  await expect(page.getByRole('button', { name: /^Retry the message/ })).toHaveCount(1);
  await expectNoAxeViolations(page);

  const shots = process.env.MAIL_SHOTS_DIR;
  if (shots) {
    await mkdir(shots, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/admin-mail-${width}.png`, fullPage: true });
    }
  }

  await failed.getByRole('button', { name: 'Retry the message to asha@example.com: Your consultation is booked' }).click();
  await expect(page.getByText('The message to asha@example.com will be sent again.')).toBeVisible();
  expect(retried).toEqual([FAILED.id]);
  await expect(page.getByText('2 pending · 0 failed · 1 sent')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Retry the message/ })).toHaveCount(0);
});

test('says when the list failed to load, and loads it again on request', async ({ page }) => {
  let fail = true;
  await page.route('**/api/admin/mail**', (route) =>
    fail ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Internal Server Error' } }) : route.fulfill({ json: { items: [], total: 0, page: 1, page_size: 20, counts: { pending: 0, failed: 0, sent: 0 } } }),
  );
  await signInAsAdmin(page, '/admin/mail');
  await expect(page.getByRole('alert')).toContainText('Failed to load mail.');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No messages yet.')).toBeVisible();
});
