import type { CDPSession, Page } from '@playwright/test';
import { fromNewAddress } from '../support/commerce';
import { createBlog, createEvent } from '../support/content-api';
import { expect, test } from '../support/fixtures';
import { pageSettled } from '../support/page-state';

/** Issues Chromium lists in DevTools' Issues panel (CSP violations, cookie problems, …). */
async function collectIssues(page: Page): Promise<{ issues: string[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(`${issue.code}: ${JSON.stringify(issue.details)}`));
  await cdp.send('Audits.enable');
  return { issues, cdp };
}

test('public pages of a signed-out first visit log no error, list no issue and request no failing url', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  const blog = await createBlog({ title: 'Clean console post', content: '<p>A post read without noise.</p>' });
  const event = await createEvent({ title: 'Clean console event' });
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const { issues } = await collectIssues(page);
  for (const path of ['/', '/services/ai-chatbots', '/contact', '/privacy', '/community', `/blog/${blog.slug}`, `/event/${event.slug}`]) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    // The idle-time loads (assistant) have run.
    await pageSettled(page);
  }
  expect(failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
  expect(issues).toEqual([]);
});

test('a signed-out visit skips the silent refresh; a signed-in one refreshes once per page load', async ({ page }) => {
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await pageSettled(page);
  expect(refreshes).toHaveLength(0);

  const username = `speed${Date.now()}`;
  const signUp = await page.request.post('/api/users/register', {
    data: { username, email: `${username}@example.com`, password: 'a long enough password' },
    headers: fromNewAddress(),
  });
  expect(signUp.ok()).toBe(true);
  const login = await page.request.post('/api/auth/login', { data: { username, password: 'a long enough password' } });
  expect(login.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Hi, user' })).toBeVisible();
  expect(refreshes).toHaveLength(1);
});
