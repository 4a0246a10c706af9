// The plain Playwright test: the fixtures' wait for the shell to start has nothing to wait for here.
import { expect, test, type Page } from '@playwright/test';

test.use({ javaScriptEnabled: false });

const newsletter = (page: Page) => page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter sign-up' });
const newsletterStatus = (page: Page) => page.getByRole('contentinfo').getByTestId('newsletter-status');

test('the newsletter form subscribes without JavaScript, then says the address is already subscribed, and shows a validation error', async ({ page }) => {
  await page.goto('/privacy');
  const form = newsletter(page);
  const input = form.getByLabel('Email address');
  const button = form.getByRole('button', { name: 'Subscribe' });
  await expect(button).toBeEnabled();
  const email = `no-script-${Date.now()}@example.com`;

  await input.fill(email);
  await button.click();
  await expect(newsletterStatus(page)).toHaveText('Successfully subscribed! Check your inbox to confirm.');
  // Back on the same page, at the form; what was typed never travels in the URL.
  expect(new URL(page.url()).pathname).toBe('/privacy');
  expect(page.url()).not.toContain('no-script');

  await newsletter(page).getByLabel('Email address').fill(email);
  await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(newsletterStatus(page)).toHaveText('This email is already subscribed.');
  await expect(newsletter(page).getByLabel('Email address')).toHaveValue(email);

  // The browser takes this address; the site's contract does not.
  await newsletter(page).getByLabel('Email address').fill('someone@localhost');
  await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(newsletterStatus(page)).toHaveText('Please enter a valid email address.');
  await expect(newsletter(page).getByLabel('Email address')).toHaveValue('someone@localhost');

  // The outcome was for that one answer: the page read again is the plain page.
  await page.reload();
  await expect(newsletterStatus(page)).toHaveText('');
});

test('the contact form sends without JavaScript: field errors beside their fields with the typed values kept, then success', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const button = form.getByRole('button', { name: 'Send Message' });
  await expect(button).toBeEnabled();
  await form.getByLabel('Email').fill('not-an-address');
  await form.getByLabel('Service').selectOption('Smart Process Automation');
  await form.getByLabel('Message').fill('We file 300 invoices a month by hand.');
  await button.click();

  const sent = page.getByRole('form', { name: 'Contact form' });
  await expect(sent.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name.');
  await expect(sent.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
  await expect(sent.getByLabel('Email')).toHaveValue('not-an-address');
  await expect(sent.getByLabel('Service')).toHaveValue('Smart Process Automation');
  await expect(sent.getByLabel('Message')).toHaveValue('We file 300 invoices a month by hand.');
  expect(page.url()).not.toContain('invoices');

  await sent.getByLabel('Name').fill('Meera Iyer');
  await sent.getByLabel('Email').fill('meera@example.com');
  await sent.getByRole('button', { name: 'Send Message' }).click();
  const done = page.getByRole('form', { name: 'Contact form' });
  await expect(done.getByRole('status')).toContainText('Message sent successfully!');
  await expect(done.getByLabel('Name')).toHaveValue('');
  await expect(done.getByLabel('Message')).toHaveValue('');
  expect(new URL(page.url()).pathname).toBe('/contact');
});

test('the home page contact section posts back to the home page', async ({ page }) => {
  await page.goto('/');
  const form = page.locator('#contact').getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('#contact').getByLabel('Name')).toHaveAccessibleDescription('Please enter your name.');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).hash).toBe('#contact-form');
});
