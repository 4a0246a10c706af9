import { expect, test } from '../support/fixtures';

const SERVICES = [
  ['ai-chatbots', 'AI Chatbots & Virtual Assistants'],
  ['agentic-ai-workflows', 'Agentic AI Workflows'],
  ['smart-process-automation', 'Smart Process Automation'],
  ['ai-apps-micro-saas', 'AI Apps & Micro-SaaS Tools'],
] as const;

for (const [slug, title] of SERVICES) {
  test(`/services/${slug} has a hero, explanatory sections, case studies and the closing call to action`, async ({ page }) => {
    await page.goto(`/services/${slug}`);
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | Tiny Titans AI`);
    await expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/#contact');
    await expect(main.getByRole('heading', { name: 'What you get' })).toBeVisible();
    const features = main.locator('section', { has: page.getByRole('heading', { name: 'What you get' }) }).getByRole('heading', { level: 3 });
    await expect(features).toHaveCount(4);
    await expect(main.getByRole('heading', { name: 'How we work' })).toBeVisible();
    const cases = main.locator('section', { has: page.getByRole('heading', { name: 'Case studies' }) }).getByRole('heading', { level: 3 });
    expect(await cases.count()).toBeGreaterThanOrEqual(2);
    await expect(main.getByRole('link', { name: 'Contact Us Today' })).toHaveAttribute('href', '/#contact');
  });
}

test('Get Started and Contact Us Today lead to the home page contact form', async ({ page }) => {
  await page.goto('/services/ai-chatbots');
  await page.locator('main').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
  await page.goto('/services/ai-apps-micro-saas');
  await page.locator('main').getByRole('link', { name: 'Contact Us Today' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
});

test('an unknown service slug shows 404: Not Found', async ({ page }) => {
  await page.goto('/services/quantum-blockchain');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404: Not Found');
  await expect(page).toHaveTitle(/Page not found/);
});
