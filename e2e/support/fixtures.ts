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
