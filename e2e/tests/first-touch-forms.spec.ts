// What a phone visitor types before the page is live stays, and nothing is filled in under their
// fingers. The plain Playwright test: the fixtures' navigation waits for the shell, which these hold back.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fromNewAddress, newBuyer, registerBuyer } from '../support/commerce';
import { holdScripts, live, phoneProfile } from '../support/phone-profile';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 90_000 });

/** The field's own component has hydrated: React's props (with its change handler) are on the element. */
const hydrated = (field: Locator) =>
  expect
    .poll(() =>
      field.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps$') && typeof (element as unknown as Record<string, { onChange?: unknown }>)[key]?.onChange === 'function'),
      ),
    )
    .toBe(true);

async function before(page: Page, path: string): Promise<() => void> {
  await phoneProfile(page);
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

test('a name typed on /contact before the page is live stays, with the keyboard still on it', async ({ page }) => {
  for (let round = 0; round < 3; round += 1) {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const release = await before(page, '/contact');
    const name = page.getByRole('form', { name: 'Contact form' }).getByLabel('Name');
    await name.fill('Priya');
    release();
    await live(page);
    // The form's own code has taken the field over (a fresh, empty field would be hydrated too).
    await hydrated(name);
    await expect(name).toHaveValue('Priya');
    await expect(name).toBeFocused();
  }
});

const signup = (page: Page) => page.getByRole('form', { name: 'Community email sign-up' });
const stored = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('community-emails') ?? '[]') as { email: string }[]).map((entry) => entry.email));

test('a community address typed before the page is live stays and joins', async ({ page }) => {
  for (let round = 0; round < 2; round += 1) {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const release = await before(page, '/community');
    const email = signup(page).getByLabel('Email address');
    await email.fill(`early-${round}@example.com`);
    await signup(page).getByRole('checkbox').check();
    release();
    await live(page);
    await hydrated(email);
    await expect(email).toHaveValue(`early-${round}@example.com`);
    await expect(signup(page).getByRole('checkbox')).toBeChecked();
    await signup(page).getByRole('button', { name: 'Join the Community' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for joining!' })).toBeVisible();
    expect(await stored(page)).toContain(`early-${round}@example.com`);
  }
});

test('Join pressed before the page is live is held, then carried out in the browser', async ({ page }) => {
  const release = await before(page, '/community');
  await signup(page).getByLabel('Email address').fill('pressed-early@example.com');
  await signup(page).getByRole('checkbox').check();
  const join = signup(page).getByRole('button', { name: 'Join the Community' });
  await join.click();
  await expect(join).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('heading', { name: 'Thank you for joining!' })).toBeVisible({ timeout: 30_000 });
  expect(await stored(page)).toEqual(['pressed-early@example.com']);
  expect(new URL(page.url()).search).toBe('');
});

// The api renders /login (decision 017): its form shows before the shell has run.
test('a log-in typed and sent with Enter before the page is live is held, then signs in', async ({ page }) => {
  const buyer = newBuyer();
  expect((await page.request.post('/api/users/register', { data: buyer, headers: fromNewAddress() })).status()).toBe(201);
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(request.url());
  });
  const release = await before(page, '/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(buyer.username);
  await form.getByLabel('Password', { exact: true }).fill(buyer.password);
  await form.getByLabel('Password', { exact: true }).press('Enter');
  await expect(form.getByRole('button', { name: /^Log in/ })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByText('Login successful')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  // One page load: the press was never a native submission carrying the password in a URL.
  expect(navigations.filter((url) => new URL(url).pathname === '/login')).toHaveLength(1);
  expect(navigations.join(' ')).not.toContain(encodeURIComponent(buyer.password));
});

test('/login goes live only once its own code has come and taken over the form', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/page-login\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  // The shell is hydrating: React has the root, while the page's own chunk is held.
  await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer$'))), { timeout: 30_000 }).toBe(true);
  // A second for the shell to commit around the page it cannot hydrate yet: it must not say live.
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();
  release();
  await live(page);
  expect(await page.getByRole('button', { name: 'Log in', exact: true }).evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$')))).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the log-in form shows and sends nothing: the password never goes into the address', async ({ page }) => {
    await page.goto('/login');
    const sent: string[] = [];
    // What could carry the password: a navigation (a form's submission), a write, or a URL holding it.
    // The page's own late fetches (its fonts, its favicon) carry nothing.
    page.on('request', (request) => {
      if (request.isNavigationRequest() || request.method() !== 'GET' || request.url().includes('a-secret-password')) sent.push(request.url());
    });
    const form = page.getByRole('form', { name: 'Log in' });
    await expect(form.locator('noscript')).toBeVisible();
    expect(await form.locator('noscript').textContent()).toBe('Logging in needs JavaScript, which is turned off in this browser. Nothing is sent.');
    await form.getByLabel('Username').fill('no-script');
    await form.getByLabel('Password', { exact: true }).fill('a-secret-password');
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await form.getByLabel('Password', { exact: true }).press('Enter');
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('a-secret-password');
    expect(new URL(page.url()).search).toBe('');
    expect(sent).toEqual([]);
  });

  test('Join says it needs JavaScript and keeps the address; nothing is sent', async ({ page }) => {
    await page.goto('/community');
    const sent: string[] = [];
    // What could carry the address: a navigation (a form post or reload), a write, or the address in
    // a URL. The browser's own late fetches (its favicon) carry nothing of the visitor's.
    page.on('request', (request) => {
      if (request.isNavigationRequest() || request.method() !== 'GET' || decodeURIComponent(request.url()).includes('no-script@')) sent.push(request.url());
    });
    const email = signup(page).getByLabel('Email address');
    const note = signup(page).locator('noscript');
    await expect(note).toBeVisible();
    // Its text as parsed (as text, in a browser whose scripts were turned off by automation).
    expect(await note.textContent()).toBe('Joining needs JavaScript, which is turned off in this browser. Your address stays in the field and nothing is sent.');
    await email.fill('no-script@example.com');
    await signup(page).getByRole('checkbox').check();
    await signup(page).getByRole('button', { name: 'Join the Community' }).click();
    await email.press('Enter');
    await expect(email).toHaveValue('no-script@example.com');
    expect(new URL(page.url()).search).toBe('');
    expect(sent).toEqual([]);
  });
});

test('a signed-in buyer’s booking form opens with their address, and what they type is theirs alone', async ({ page }) => {
  const buyer = await registerBuyer(page);
  // The address the booking form's Email field first shows, recorded as the field appears.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { firstEmails?: string[] }).firstEmails = seen;
    new MutationObserver(() => {
      document.querySelectorAll<HTMLInputElement>('form[aria-label^="Book "] input[type="email"]').forEach((field) => {
        if (field.dataset.seen) return;
        field.dataset.seen = 'yes';
        seen.push(field.value);
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await phoneProfile(page);
  await page.goto('/#pricing');
  await live(page, 30_000);
  const starter = page.locator('#pricing').getByRole('article', { name: 'Starter Strategy Call' });
  const book = starter.getByRole('button', { name: 'Book Now' });
  for (let round = 0; round < 3; round += 1) {
    await book.click();
    const email = starter.getByLabel('Email');
    await expect(email).toBeVisible();
    expect(await page.evaluate(() => (window as { firstEmails?: string[] }).firstEmails?.at(-1))).toBe(buyer.email);
    await email.focus();
    await email.press('End');
    await email.pressSequentially('.uk');
    await email.blur();
    await expect(email).toHaveValue(`${buyer.email}.uk`);
    await expect(starter.getByText('Please enter a valid email address.')).toHaveCount(0);
    await starter.getByRole('button', { name: 'Cancel' }).click();
    await expect(email).toHaveCount(0);
  }
});
