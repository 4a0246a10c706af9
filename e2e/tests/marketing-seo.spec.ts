import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';

const PUBLIC_PATHS = [
  '/',
  '/community',
  '/contact',
  '/refund',
  '/privacy',
  '/terms',
  '/services/ai-chatbots',
  '/services/agentic-ai-workflows',
  '/services/smart-process-automation',
  '/services/ai-apps-micro-saas',
];

test('sitemap.xml lists every public route with absolute URLs', async ({ request, baseURL }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/xml/);
  const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const path of PUBLIC_PATHS) expect(locs).toContain(new URL(path, baseURL).href);
  expect(locs.some((loc) => new URL(loc!).pathname.startsWith('/admin'))).toBe(false);
});

test('robots.txt allows the site, keeps crawlers out of admin and points to the sitemap', async ({ request, baseURL }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const body = await res.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Disallow: \/admin$/m);
  expect(body).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL).href}`);
});

test('the home page has no axe violations', async ({ page }) => {
  // axe walks every node of the longest page: seconds on a busy 2-core machine, not a hang.
  test.setTimeout(60_000);
  await page.goto('/');
  await page.locator('#pricing').scrollIntoViewIfNeeded();
  await expect(page.locator('#pricing')).toContainText('Custom AI Roadmap');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a service page and the contact page have no axe violations', async ({ page }) => {
  await page.goto('/services/agentic-ai-workflows');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agentic AI Workflows');
  let results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
