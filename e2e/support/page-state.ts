import { expect, type Page } from '@playwright/test';

/**
 * The page has done what a first visit does: it is live (html[data-app], the shell and the page's
 * remote parts rendered) and the assistant, the last thing it loads (at idle time, after the page's
 * remote), is ready in the header.
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.getByRole('banner').getByRole('button', { name: /Start a call with AI|AI Call/ })).toHaveAttribute('data-status', 'ready');
}
