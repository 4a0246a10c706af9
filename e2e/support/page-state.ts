import { expect, type Page } from '@playwright/test';

/**
 * The page has done what a first visit does: it is live (html[data-app]: the shell and the page's
 * remote parts rendered) and, on a page with the site's header, the assistant (the last thing it
 * loads, at idle time after the page's remote) is ready there. Pages without the header (/login)
 * load no assistant.
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  const callButton = page.getByRole('banner').getByRole('button', { name: /Start a call with AI|AI Call/ });
  // Once live, the shell's tree has committed: the header is there or not at all.
  if ((await callButton.count()) > 0) await expect(callButton).toHaveAttribute('data-status', 'ready');
}

/** Holds back every file of a remote's build until the returned function is called. */
export async function holdRemote(page: Page, remote: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/remotes/${remote}/**`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
