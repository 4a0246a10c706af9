import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import type { Locator, Page } from '@playwright/test';

async function fill(form: Locator, values: { name: string; email: string; service: string; message: string }) {
  await form.getByLabel('Name').fill(values.name);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Service').selectOption(values.service);
  await form.getByLabel('Message').fill(values.message);
}

const contactForm = (page: Page) => page.locator('#contact').getByRole('form', { name: 'Contact form' });

async function outboxMentioning(text: string): Promise<string | undefined> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const mail = (await readFile(path.join(dir, name), 'utf8')).replace(/=\r?\n/g, '');
    if (mail.includes(text)) return mail;
  }
  return undefined;
}

test('every field is required and errors are announced', async ({ page }) => {
  await page.goto('/#contact');
  const form = contactForm(page);
  await expect(form.getByLabel('Service').locator('option')).toHaveText([
    'Select a service',
    'AI-Powered Chatbots',
    'Agentic AI Workflows',
    'Smart Process Automation',
    'AI Apps & Micro-SaaS Tools',
    'Other / Consulting',
  ]);
  await form.getByRole('button', { name: 'Send Message' }).click();
  const alerts = form.getByRole('alert');
  await expect(alerts).toHaveText(['Please enter your name.', 'Please enter your email.', 'Please choose a service.', 'Please enter a message.']);
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
});

test('a sent message posts the spec payload, toasts, shows the banner for 5 seconds and clears the form', async ({ page }) => {
  await page.clock.install();
  await page.goto('/#contact');
  const form = contactForm(page);
  const marker = `e2e-contact-${Date.now()}`;
  await fill(form, { name: 'Priya Shah', email: 'priya@example.com', service: 'Agentic AI Workflows', message: `Hello ${marker}` });
  // Paused, so the banner's 5 s run on the page's clock alone, however slow the machine.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const request = page.waitForRequest((r) => r.url().endsWith('/api/contacts') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await request).postDataJSON()).toEqual({
    name: 'Priya Shah',
    email: 'priya@example.com',
    country_code: '',
    phone_number: '',
    message: `Hello ${marker}`,
    subject: 'Agentic AI Workflows',
  });
  const banner = form.getByRole('status');
  // The toast says it was sent; the banner does not say it again.
  await expect(banner).toHaveText('Thank you! We will get back to you within one business day.');
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Service')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');

  // sonner shows a toast from a timer: step the paused clock until it does, counting the steps.
  let elapsed = 0;
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      elapsed += 50;
      return page.getByText('Message sent successfully!').isVisible();
    })
    .toBe(true);
  expect(elapsed).toBeLessThan(4000);
  await page.clock.runFor(4000 - elapsed);
  await expect(banner).toBeVisible();
  await page.clock.runFor(1200);
  await expect(banner).toBeHidden();

  // The team was notified by e-mail, with reply-to the sender.
  // Sent by the api's job queue, a moment after the answer.
  await expect.poll(() => outboxMentioning(marker), { timeout: 15_000 }).toBeDefined();
  expect(await outboxMentioning(marker)).toMatch(/^Reply-To: .*priya@example\.com/m);
});

test('a failure shows the server message, else the fallback text', async ({ page }) => {
  await page.goto('/#contact');
  const form = contactForm(page);
  const values = { name: 'Ravi', email: 'ravi@example.com', service: 'Other / Consulting', message: 'Hi' };
  await page.route('**/api/contacts', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'rate_limited', message: 'Too many requests. Please try again in 60 seconds.' }) }),
  );
  await fill(form, values);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText('Too many requests. Please try again in 60 seconds.');
  await expect(form.getByLabel('Name')).toHaveValue('Ravi');

  await page.unroute('**/api/contacts');
  await page.route('**/api/contacts', (route) => route.abort('connectionrefused'));
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toHaveText('Failed to send message.');
});

test('/contact shows the same form on its own page', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  const form = page.getByRole('form', { name: 'Contact form' });
  await fill(form, { name: 'Meera', email: 'meera@example.com', service: 'AI Apps & Micro-SaaS Tools', message: 'An MVP please' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('');
});
