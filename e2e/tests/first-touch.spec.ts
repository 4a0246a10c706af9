// The plain Playwright test: the fixtures' navigation waits for the shell, which these hold back.
import { expect, test } from '@playwright/test';
import { holdScripts, live, phoneProfile } from '../support/phone-profile';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a page scrolled before the shell starts stays where the visitor put it', async ({ page }) => {
  await phoneProfile(page);
  const release = await holdScripts(page);
  await page.goto('/privacy', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await page.evaluate(() => window.scrollTo(0, 1200));
  expect(await page.evaluate(() => window.scrollY)).toBe(1200);
  release();
  await live(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(1200);
});

test('an address typed before the shell starts survives it and is subscribed', async ({ page }) => {
  await phoneProfile(page);
  const release = await holdScripts(page);
  await page.goto('/privacy', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter sign-up' });
  const email = `early-${Date.now()}@example.com`;
  await form.getByLabel('Email address').fill(email);
  release();
  await live(page);
  await expect(form.getByLabel('Email address')).toHaveValue(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('contentinfo').getByTestId('newsletter-status')).toHaveText('Successfully subscribed! Check your inbox to confirm.');
});

test('a newsletter form sent before the shell starts is carried out natively, and the page shows the outcome', async ({ page }) => {
  await phoneProfile(page);
  await holdScripts(page);
  await page.goto('/terms', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Email address').fill(`first-paint-${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('contentinfo').getByTestId('newsletter-status')).toHaveText('Successfully subscribed! Check your inbox to confirm.', { timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe('/terms');
});

test('a contact message typed and sent before the shell starts is carried out natively', async ({ page }) => {
  await phoneProfile(page);
  await holdScripts(page);
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Early Visitor');
  await form.getByLabel('Email').fill('early@example.com');
  await form.getByLabel('Service').selectOption('Other / Consulting');
  await form.getByLabel('Message').fill('Sent before the page ran.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('form', { name: 'Contact form' }).getByRole('status')).toContainText('Message sent successfully!', { timeout: 30_000 });
});

test('a contact message typed before the shell starts survives the form’s code arriving, with the caret where it was', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/#contact', { waitUntil: 'domcontentloaded' });
  const form = page.locator('#contact').getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Early Visitor');
  await form.getByLabel('Message').fill('Typed before the page ran.');
  const plainName = await form.getByLabel('Name').elementHandle();
  const formCode = page.waitForResponse(/\/contact-form\.[0-9a-f]+\.js$/);
  release();
  await live(page);
  await formCode;
  // The plain form is swapped for the full one once its code is here.
  await expect.poll(() => plainName!.evaluate((field) => field.isConnected)).toBe(false);
  await expect(form.getByLabel('Name')).toHaveValue('Early Visitor');
  await expect(form.getByLabel('Message')).toHaveValue('Typed before the page ran.');
  await expect(form.getByLabel('Message')).toBeFocused();

  await form.getByLabel('Email').fill('early@example.com');
  await form.getByLabel('Service').selectOption('Other / Consulting');
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/contacts') && request.method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ name: 'Early Visitor', message: 'Typed before the page ran.' });
  await expect(page.getByText('Message sent successfully!').first()).toBeVisible();
  // Sent by the page's code, not by a native post that reloads it.
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
