import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { adminScreenshots, expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';
import { newestMailTo } from '../support/commerce';
import { createBlog } from '../support/content-api';

/** The api's answer (shared/contracts/marketing NewsletterSendProgress), as the routed tests stand in for it. */
interface Progress {
  status: 'none' | 'sending' | 'sent' | 'sent_with_failures';
  total: number;
  queued: number;
  sent: number;
  failed: number;
  started_at: string | null;
}

const publishedPost = (title: string) => createBlog({ title, content: '<p>News for the readers.</p>', summary: 'What we learned this month.', published_at: new Date(Date.now() - 60_000).toISOString() });

/** A subscriber who followed the confirmation link: the send goes to them. */
async function confirmedSubscriber(page: Page): Promise<string> {
  const email = `reader-${randomBytes(4).toString('hex')}@example.com`;
  // An address of its own, so the suite's sign-ups do not meet the public form's per-address limit.
  const headers = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
  expect((await page.request.post('/api/newsletters', { data: { email }, headers })).status()).toBe(201);
  let link = '';
  await expect
    .poll(async () => (link = /\/api\/newsletters\/confirm\?token=[\w-]+/.exec((await newestMailTo(email)) ?? '')?.[0] ?? ''), { timeout: 15_000 })
    .not.toBe('');
  expect((await page.request.get(link)).status()).toBe(200);
  return email;
}

/** Counts the panel's progress requests for the post. */
function progressRequests(page: Page, blogId: string): () => number {
  let asked = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/admin/blogs/${blogId}/newsletter`) asked += 1;
  });
  return () => asked;
}

/**
 * A send that has ended is asked about no more: the page's clock (installed before it loaded) runs
 * past several poll periods, then a test send completes a round trip, after which any poll fired
 * would have been requested.
 */
async function expectNoMorePolls(page: Page, panel: Locator, asked: () => number): Promise<void> {
  const before = asked();
  await page.clock.runFor(5 * 2_000);
  const again = `again-${randomBytes(4).toString('hex')}@example.com`;
  await panel.getByLabel('Test address').fill(again);
  await panel.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByText(`Test sent to ${again}.`)).toBeVisible();
  expect(asked()).toBe(before);
}

const screenshots = (page: Page, name: string) => adminScreenshots(page, name, page.getByRole('heading', { name: 'Send to the newsletter' }));

test('a published post: a test to one address first, then the whole list, with its progress until it ends', async ({ page }) => {
  const title = `Newsletter post ${Date.now()}`;
  const post = await publishedPost(title);
  const reader = await confirmedSubscriber(page);
  const asked = progressRequests(page, post.id);
  await page.clock.install();
  await signInAsAdmin(page, `/admin/blogs/edit/${post.id}`);
  const panel = page.getByRole('region', { name: 'Send to the newsletter' });
  await expect(panel).toBeVisible();
  const sendAll = panel.getByRole('button', { name: 'Send to All Subscribers' });
  await expect(sendAll).toBeDisabled();
  await expect(panel.getByText('Send a test to yourself first')).toBeVisible();
  await expectNoAxeViolations(page);

  // A bad address is refused in place; nothing is sent.
  await panel.getByLabel('Test address').fill('not-an-address');
  await panel.getByRole('button', { name: 'Send Test' }).click();
  await expect(panel.getByLabel('Test address')).toHaveAttribute('aria-invalid', 'true');

  const tester = `tester-${Date.now()}@example.com`;
  await panel.getByLabel('Test address').fill(tester);
  // Edited, the field's refusal no longer describes it.
  await expect(panel.getByLabel('Test address')).not.toHaveAttribute('aria-invalid', 'true');
  await panel.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByText(`Test sent to ${tester}.`)).toBeVisible();
  await expect.poll(async () => (await newestMailTo(tester)) ?? '', { timeout: 15_000 }).toContain(`Subject: [Test] ${title}`);
  await screenshots(page, 'admin-newsletter-tested');
  await page.setViewportSize({ width: 1280, height: 900 });

  await sendAll.click();
  await expect(panel.getByRole('group', { name: 'Confirm the send to every subscriber' })).toContainText(title);
  await panel.getByRole('button', { name: 'Confirm Send' }).click();
  // Sent to every confirmed subscriber (this test's reader and any others of this run): the progress says so, and ends.
  await expect(panel.getByText(/^Sent to all \d+ confirmed subscribers/)).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('status')).toHaveText('Done.');
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Send to All Subscribers' })).toHaveCount(0);
  await expect.poll(async () => (await newestMailTo(reader)) ?? '', { timeout: 15_000 }).toContain(`Subject: ${title}`);
  await expectNoMorePolls(page, panel, asked);
  await expectNoAxeViolations(page);
});

test('shows a running send’s progress as it goes, and the errors of each step', async ({ page }) => {
  const post = await publishedPost(`Routed newsletter ${Date.now()}`);
  const sending: Progress = { status: 'sending', total: 120, queued: 100, sent: 40, failed: 0, started_at: new Date().toISOString() };
  const api = { loadFails: true, testFails: true, sendFails: true, started: false, finished: false };
  await page.route(`**/api/admin/blogs/${post.id}/newsletter**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.endsWith('/test')) {
      return api.testFails
        ? route.fulfill({ status: 500, json: { error: 'internal', message: 'The mail server is not answering.' } })
        : route.fulfill({ status: 202, json: { email: 'me@example.com' } });
    }
    if (pathname.endsWith('/send')) {
      if (api.sendFails) return route.fulfill({ status: 409, json: { error: 'not_sendable', message: 'Only a published post can be sent to the newsletter.' } });
      api.started = true;
      return route.fulfill({ status: 202, json: sending });
    }
    if (api.loadFails) return route.fulfill({ status: 500, json: { error: 'internal', message: 'Internal Server Error' } });
    const progress: Progress = !api.started
      ? { status: 'none', total: 0, queued: 0, sent: 0, failed: 0, started_at: null }
      : api.finished
        ? { ...sending, status: 'sent_with_failures', queued: 120, sent: 118, failed: 2 }
        : sending;
    return route.fulfill({ json: progress });
  });
  const asked = progressRequests(page, post.id);
  await page.clock.install();
  await signInAsAdmin(page, `/admin/blogs/edit/${post.id}`);
  const panel = page.getByRole('region', { name: 'Send to the newsletter' });
  await expect(panel.getByRole('alert')).toContainText('Failed to load the newsletter send.');
  await screenshots(page, 'admin-newsletter-load-error');
  await page.setViewportSize({ width: 1280, height: 900 });
  api.loadFails = false;
  await panel.getByRole('button', { name: 'Try again' }).click();

  // A failed test keeps the whole list locked.
  await panel.getByLabel('Test address').fill('me@example.com');
  await panel.getByRole('button', { name: 'Send Test' }).click();
  await expect(panel.getByRole('alert').filter({ hasText: 'The mail server is not answering.' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send to All Subscribers' })).toBeDisabled();
  api.testFails = false;
  await panel.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByText('Test sent to me@example.com.')).toBeVisible();

  await panel.getByRole('button', { name: 'Send to All Subscribers' }).click();
  await panel.getByRole('button', { name: 'Confirm Send' }).click();
  await expect(panel.getByRole('alert').filter({ hasText: 'Only a published post can be sent to the newsletter.' })).toBeVisible();
  api.sendFails = false;
  await panel.getByRole('button', { name: 'Send to All Subscribers' }).click();
  await panel.getByRole('button', { name: 'Confirm Send' }).click();
  await expect(panel.getByText(/^Sending: 40 of 120 sent/)).toBeVisible();
  await expect(panel.getByRole('progressbar')).toHaveAttribute('value', '40');
  await expectNoAxeViolations(page);
  await screenshots(page, 'admin-newsletter-sending');
  // The panel keeps asking while the send runs; it ends with two messages given up after their retries.
  api.finished = true;
  await expect(panel.getByText(/^Sent to 118 of 120 confirmed subscribers .*; 2 messages could not be delivered\.$/)).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('Admin → Mail lists the failed messages, why they failed, and a Retry for each.');
  await expect(panel.getByRole('link', { name: 'Admin → Mail' })).toHaveAttribute('href', '/admin/mail');
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await expectNoMorePolls(page, panel, asked);
  await expectNoAxeViolations(page);
  await screenshots(page, 'admin-newsletter-failures');
});
