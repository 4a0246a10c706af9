import { expect, test } from '../support/fixtures';

test('header and footer are hidden on /login and /admin', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('header navigation follows the spec order and targets', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const links = nav.getByRole('link');
  await expect(links).toHaveText(['Home', 'Services', 'Tech Stack', 'Book Consultation', 'Community', 'Contact']);
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(hrefs).toEqual(['#home', '#services', '#tech-stack', '#pricing', '/community', '#contact']);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '#contact');

  await page.goto('/community');
  const offHome = await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(offHome).toEqual(['/#home', '/#services', '/#tech-stack', '/#pricing', '/community', '/#contact']);
});

test('a hash link from /community lands on the home page section', async ({ page }) => {
  await page.goto('/community');
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
});

test('a deep link with a hash waits for the section to appear', async ({ page }) => {
  await page.goto('/#why-us');
  await expect(page.locator('#why-us')).toBeInViewport();
});

test('route changes scroll to the top', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.locator('main h1').first()).toHaveText('Terms of Service');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.locator('main h1').first()).toHaveText('Privacy Policy');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the header fades in, shrinks and takes the scrolled state', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.locator('main h1').first()).toHaveText('Terms of Service');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().height)).toBe(80);
  await page.evaluate(() => window.scrollTo(0, 50));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect(header).toHaveClass(/scrolled/);
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).getPropertyValue('--header-alpha'))).toBe('0.5');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).getPropertyValue('--header-alpha'))).toBe('1');
  await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().height)).toBe(64);
});

test('the hamburger menu opens below 1024px and closes when the window widens', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/terms');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
  await toggle.click();
  const panel = page.getByRole('navigation', { name: 'Main (mobile)' });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.setViewportSize({ width: 1100, height: 900 });
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible();
});

test('footer links, contact block, year and scroll-to-top', async ({ page }) => {
  await page.goto('/privacy');
  const footer = page.getByRole('contentinfo');
  for (const slug of ['ai-chatbots', 'agentic-ai-workflows', 'smart-process-automation', 'ai-apps-micro-saas']) {
    await expect(footer.locator(`a[href="/services/${slug}"]`)).toHaveCount(1);
  }
  for (const hash of ['about', 'services', 'tech-stack', 'why-us', 'contact']) {
    await expect(footer.locator(`a[href="/#${hash}"]`)).toHaveCount(1);
  }
  for (const path of ['/privacy', '/terms', '/refund']) await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
  await expect(footer.getByRole('list', { name: 'Social networks' }).getByRole('link')).toHaveCount(2);
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(2);
  await expect(footer).toContainText('India');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await footer.getByRole('button', { name: 'Scroll to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('policy pages state the facts of the spec', async ({ page }) => {
  await page.goto('/refund');
  const main = page.locator('main');
  await expect(main).toContainText('June 20, 2025');
  await expect(main).toContainText('final unless');
  await expect(main).toContainText('5 business days');
  await expect(main).toContainText('within 48 hours of payment and no work has started');
  await page.goto('/privacy');
  await expect(page.locator('main')).toContainText('children under 13');
  await page.goto('/terms');
  await expect(page.locator('main h2')).not.toHaveCount(0);
});

test('the login page offers a way back to the home page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /back to the home page/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main h1').first()).toHaveText('Small Teams. Big Impact. Powered by AI.');
});

for (const width of [1024, 1100, 1280, 1440]) {
  test(`the header fits in one row at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/terms');
    await expect(page.locator('main h1').first()).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Get Started' })).toBeInViewport({ ratio: 1 });
    const rows = await header.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link').evaluateAll((links) =>
      links.map((link) => Math.round(link.getBoundingClientRect().height)),
    );
    // Every item on a single line: no item is taller than the shortest one.
    expect(Math.max(...rows)).toBe(Math.min(...rows));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

for (const width of [360, 390, 768]) {
  test(`on a ${width}px screen the header keeps every control inside the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/terms');
    await expect(page.locator('main h1').first()).toBeVisible();
    const header = page.getByRole('banner');
    for (const control of [
      header.getByRole('link', { name: 'Tiny Titans AI' }),
      header.getByRole('button', { name: /AI Call|Start a call with AI/ }),
      header.getByRole('link', { name: 'Login' }),
      header.getByRole('button', { name: 'Open menu' }),
    ]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
