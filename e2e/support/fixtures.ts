import { test as base, expect, type Page, type Request } from '@playwright/test';
import { pageSettled } from './page-state';

/** Every request the page made, so tests can assert what was (not) downloaded. */
export interface RequestLog {
  urls(): string[];
  some(pattern: RegExp): boolean;
}

/**
 * Waits until the page is interactive: the shell marks <html data-app="live"> once its tree and
 * every remote part the page shows have rendered. A server-rendered page shows its controls before
 * that, and a click or typing that early would be lost, or submit a form natively.
 */
async function shellLive(page: Page, timeout?: number): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => !document.getElementById('root') || document.documentElement.dataset.app === 'live'), {
      message: 'the shell did not start',
      timeout,
    })
    .toBe(true);
}

/** A navigation's own `timeout` also bounds the shell's start, for a test that holds the start on purpose. */
function waitForShellAfterNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await shellLive(page, args[1]?.timeout);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await shellLive(page, args[0]?.timeout);
    return response;
  };
}

export const test = base.extend<{ requests: RequestLog; consoleErrors: string[] }>({
  context: async ({ context }, use) => {
    context.pages().forEach(waitForShellAfterNavigation);
    context.on('page', waitForShellAfterNavigation);
    await use(context);
  },
  requests: async ({ page }, use) => {
    const seen: string[] = [];
    const onRequest = (request: Request) => seen.push(request.url());
    page.on('request', onRequest);
    await use({ urls: () => [...seen], some: (pattern) => seen.some((url) => pattern.test(url)) });
    page.off('request', onRequest);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

export async function mainHeading(page: Page) {
  return page.locator('main h1').first();
}

/**
 * Opens `path` the way a visitor reaches it from another page of the site: a client-side navigation,
 * where the browser itself makes the page's api reads (which tests can then intercept). A first
 * visit's page is server-rendered with its answers already in it.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/privacy');
  await expect(page.locator('main h1').first()).toHaveText('Privacy Policy');
  // Hydrated once the page is live and its last first-visit load (the assistant) is done.
  await pageSettled(page);
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
