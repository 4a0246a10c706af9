import { expect, type Page, type Route } from '@playwright/test';

/** The phone profile of issue 27: 150 ms round trip, 1.6 Mbit/s, CPU slowed 4×. */
export async function phoneProfile(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Holds every script until released: the server's HTML is painted and usable, the shell has not
 * started. What the visitor does then is what hydration must not lose.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page is interactive: the shell marks `<html data-app="live">`. */
export const live = (page: Page, timeout?: number) =>
  expect.poll(() => page.evaluate(() => document.documentElement.dataset.app), { timeout }).toBe('live');
