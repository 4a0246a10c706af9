import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';

const newsletter = (page: Page) => page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter sign-up' });
const status = (page: Page) => page.getByRole('contentinfo').getByTestId('newsletter-status');
const GREEN = 'rgb(74, 222, 128)';
const RED = 'rgb(255, 138, 138)';

test('subscribing succeeds in green and clears the field; the same address again is a 409 in red', async ({ page }) => {
  await page.goto('/privacy');
  const form = newsletter(page);
  const input = form.getByLabel('Email address');
  await expect(input).toHaveAttribute('type', 'email');
  await expect(input).toHaveAttribute('required', '');
  const email = `reader-${Date.now()}@example.com`;
  await input.fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const message = status(page).getByText('Successfully subscribed! Check your inbox to confirm.');
  await expect(message).toBeVisible();
  await expect(message).toHaveCSS('color', GREEN);
  await expect(input).toHaveValue('');
  await expect(status(page)).toHaveAttribute('aria-live', 'polite');

  await input.fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const conflict = status(page).getByText('This email is already subscribed.');
  await expect(conflict).toBeVisible();
  await expect(conflict).toHaveCSS('color', RED);
});

test('while submitting the button reads Subscribing... and the input is disabled', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/newsletters', async (route) => {
    await held;
    await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ email: 'x@example.com', status: 'subscribed' }) });
  });
  await page.goto('/terms');
  const form = newsletter(page);
  await form.getByLabel('Email address').fill('x@example.com');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  await expect(form.getByLabel('Email address')).toBeDisabled();
  release();
  await expect(status(page)).toHaveText('Successfully subscribed! Check your inbox to confirm.');
  await expect(form.getByLabel('Email address')).toBeEnabled();
});

test('other errors show the server message when present, else the generic text', async ({ page }) => {
  await page.goto('/');
  const form = newsletter(page);
  await page.route('**/api/newsletters', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Newsletter is paused for maintenance.' }) }),
  );
  await form.getByLabel('Email address').fill('y@example.com');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status(page)).toHaveText('Newsletter is paused for maintenance.');
  await expect(status(page).locator('p')).toHaveCSS('color', RED);

  await page.unroute('**/api/newsletters');
  await page.route('**/api/newsletters', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'oops' }));
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status(page)).toHaveText('An error occurred. Please try again later.');
});

test('the newsletter form is in the footer of every public page and pulls no remote of its own', async ({ page, requests }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404: Not Found');
  await expect(newsletter(page)).toBeVisible();
  expect(requests.some(/\/remotes\/mfe-/)).toBe(false);
});
