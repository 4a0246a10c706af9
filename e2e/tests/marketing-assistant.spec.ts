import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';

const callButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Start a call with AI' });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

test('when ready: opens the widget with a backdrop and a toast, answers from the site, and the backdrop closes it', async ({ page }) => {
  await page.goto('/');
  const button = callButton(page);
  await expect(button).toHaveAttribute('aria-disabled', 'false');
  await button.click();
  await expect(toast(page, 'AI Assistant opened!')).toBeVisible();
  const widget = page.getByRole('dialog', { name: 'Tiny Titans AI assistant' });
  await expect(widget).toBeVisible();
  const backdrop = page.getByTestId('ai-assistant-backdrop');
  await expect(backdrop).toBeVisible();

  const ask = async (question: string) => {
    await widget.getByLabel('Your question').fill(question);
    await widget.getByRole('button', { name: 'Send' }).click();
  };
  const log = widget.getByRole('log');
  await ask('How much is the AI Readiness Audit?');
  await expect(log).toContainText('₹2,100');
  await expect(log).toContainText('90 minutes');
  await ask('What are your booking hours?');
  await expect(log).toContainText('09:00 to 18:00 IST, in 15-minute steps');
  await ask('Tell me about the starter call price');
  await expect(log).toContainText('₹1,200');

  await backdrop.click({ position: { x: 10, y: 200 } });
  await expect(backdrop).toBeHidden();
  await expect(widget).toBeHidden();

  // Its links route inside the site.
  await button.click();
  await ask('I want to book a consultation');
  await widget.getByRole('link', { name: 'Open booking' }).last().click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(widget).toBeHidden();
  await expect(page.locator('#pricing')).toContainText('Starter Strategy Call');
});

test('the open widget keeps focus inside, Escape closes it, and focus returns to the button', async ({ page }) => {
  await page.goto('/');
  const button = callButton(page);
  await expect(button).toHaveAttribute('aria-disabled', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  const widget = page.getByRole('dialog', { name: 'Tiny Titans AI assistant' });
  await expect(widget).toBeVisible();
  await expect(widget.getByLabel('Your question')).toBeFocused();
  // The page behind is inert: neither Tab nor Shift+Tab can reach it.
  expect(await page.locator('#root').evaluate((root) => (root as HTMLElement).inert)).toBe(true);
  const focusInWidget = () => page.evaluate(() => document.activeElement?.tagName.toLowerCase());
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusInWidget()).toBe('tiny-titans-assistant');
  }
  await page.keyboard.press('Escape');
  await expect(widget).toBeHidden();
  await expect(page.getByTestId('ai-assistant-backdrop')).toHaveCount(0);
  await expect(button).toBeFocused();
  expect(await page.locator('#root').evaluate((root) => (root as HTMLElement).inert)).toBe(false);

  // Closed with the backdrop or the widget's own close button: focus goes back there too.
  await button.click();
  await expect(widget).toBeVisible();
  await page.getByTestId('ai-assistant-backdrop').click({ position: { x: 10, y: 200 } });
  await expect(widget).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await widget.getByRole('button', { name: 'Close assistant' }).click();
  await expect(widget).toBeHidden();
  await expect(button).toBeFocused();
});

test('while the widget is loading the button is disabled and explains itself', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/ai-widget/assistant.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/terms');
  const button = callButton(page);
  await expect(button).toHaveAttribute('data-status', 'loading');
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled (not disabled): the click still reaches the page, which explains why. Dispatched
  // on the button itself, because the first toast may sit over the header's right side.
  await button.dispatchEvent('click');
  await expect(toast(page, 'AI Assistant is still loading...')).toBeVisible();
  await expect(page.getByTestId('ai-assistant-backdrop')).toHaveCount(0);
  release();
  await expect(button).toHaveAttribute('aria-disabled', 'false');
});

test('a script that fails to load shows the network error, again on click', async ({ page }) => {
  await page.route('**/ai-widget/assistant.js', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  const message = 'Failed to load AI Assistant script. Check your network or contact support.';
  await expect(toast(page, message)).toHaveCount(1);
  const button = callButton(page);
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // The server HTML is already aria-disabled: wait for the hydrated button to show the failure.
  await expect(button).toHaveAttribute('data-status', 'error');
  // The first toast may time out on a slow host before the click: mark it, and look for a new one.
  await page.locator('[data-sonner-toast]').evaluateAll((toasts) => toasts.forEach((el) => el.setAttribute('data-before-click', '')));
  // aria-disabled (not disabled): the click still reaches the page, which explains why. Dispatched
  // on the button itself, because the first toast may sit over the header's right side.
  await button.dispatchEvent('click');
  await expect(page.locator('[data-sonner-toast]:not([data-before-click])', { hasText: message })).toHaveCount(1);
  await expect(page.getByTestId('ai-assistant-backdrop')).toHaveCount(0);
});

test('a widget that never appears is reported after 40 polls of 500 ms', async ({ page }) => {
  // The script is held until the page clock is paused, so the polls start at a known fake time and
  // only runFor moves them, however slow the machine.
  await page.clock.install();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) =>
    void page.route('**/ai-widget/assistant.js', async (route) => {
      resolve();
      await held;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__assistantScriptRan = true;' });
    }),
  );
  await page.goto('/');
  await requested;
  const button = callButton(page);
  await expect(button).toHaveAttribute('data-status', 'loading');
  // A target well ahead: while the page is still busy hydrating, the pause itself can take over a
  // second to reach it, and a target already passed by then is refused. No poll has started yet
  // (the script is held), so how far ahead it is changes nothing they count.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
  release();
  // onload (and the first poll) run in the same task as the script, before this evaluation answers.
  await expect.poll(() => page.evaluate(() => (window as { __assistantScriptRan?: boolean }).__assistantScriptRan === true)).toBe(true);
  await page.clock.runFor(18_000);
  await expect(button).toHaveAttribute('data-status', 'loading');
  await page.clock.runFor(2_000);
  await expect(button).toHaveAttribute('data-status', 'error');
  // sonner shows a toast from a timer: let time flow again.
  await page.clock.resume();
  const message = 'AI Assistant widget not found. Please refresh the page.';
  await expect(toast(page, message)).toBeVisible();
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await button.dispatchEvent('click');
  await expect(toast(page, message)).toHaveCount(2);
});

test('the button reads AI Call under 768px', async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 900 });
  await page.goto('/privacy');
  await expect(page.getByRole('banner').getByRole('button', { name: 'AI Call', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Start a call with AI')).toBeHidden();
});

test('the assistant script loads after the page, from its own chunk', async ({ page, requests }) => {
  // remotes.json answers only after the document has loaded and the browser has had time to go idle:
  // the assistant must still wait for the page's own remote, not merely for an idle moment.
  await page.route('**/remotes.json', async (route) => {
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
    await route.continue();
  });
  await page.goto('/');
  await expect(callButton(page)).toHaveAttribute('aria-disabled', 'false');
  const urls = requests.urls();
  const widget = urls.findIndex((u) => u.endsWith('/ai-widget/assistant.js'));
  const config = urls.findIndex((u) => u.endsWith('/api/assistant/config'));
  const marketing = urls.findIndex((u) => u.includes('/remotes/mfe-marketing/remoteEntry.js'));
  expect(config).toBeGreaterThan(marketing);
  expect(widget).toBeGreaterThan(config);
});
