import { test as base, expect, type Page, type Request } from '@playwright/test';

/** Every request the page made, so tests can assert what was (not) downloaded. */
export interface RequestLog {
  urls(): string[];
  some(pattern: RegExp): boolean;
}

export const test = base.extend<{ requests: RequestLog; consoleErrors: string[] }>({
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
  // Hydrated once the header's links are handled by the router (the browser build has loaded).
  await page.waitForLoadState('networkidle');
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
