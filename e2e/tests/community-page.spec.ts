import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';

test.describe('/community', () => {
  test('shows the heading, stats, team, benefits and both carousels', async ({ page }) => {
    await page.goto('/community');
    await expect(page.locator('main h1')).toHaveText(/Community/);
    await expect(page).toHaveTitle('Community | Tiny Titans AI');
    const stats = page.getByRole('definition');
    await expect(stats).toHaveText(['850+', '42', '120+', '24']);
    await expect(page.getByRole('term')).toHaveText(['members', 'countries', 'projects', 'experts']);
    await expect(page.getByRole('heading', { name: 'Meet the team' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Events carousel' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Blog posts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/api/blogs/rss.xml');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/api/blogs/rss.xml');
  });

  test('rotates the team highlight every 4 s and the benefits highlight every 3 s', async ({ page }) => {
    await page.clock.install();
    await page.goto('/community');
    const team = page.locator('section[aria-labelledby="team-title"] [data-highlighted]');
    const benefits = page.locator('section[aria-labelledby="benefits-title"] [data-highlighted]');
    await expect(team.first()).toHaveAttribute('data-highlighted', 'true');
    await expect(benefits.first()).toHaveAttribute('data-highlighted', 'true');
    await page.clock.runFor(3100);
    await expect(benefits.nth(1)).toHaveAttribute('data-highlighted', 'true');
    await expect(team.first()).toHaveAttribute('data-highlighted', 'true');
    await page.clock.runFor(1000);
    await expect(team.nth(1)).toHaveAttribute('data-highlighted', 'true');
    await expect(team.first()).toHaveAttribute('data-highlighted', 'false');
  });

  test('community sign-up validates, saves to localStorage and offers another sign-up', async ({ page }) => {
    await page.goto('/community');
    const form = page.getByRole('form', { name: 'Community email sign-up' });
    await form.getByRole('button', { name: 'Join the Community' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Please agree to receive community emails.')).toBeVisible();
    await form.getByLabel('Email address').fill('not-an-email');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Join the Community' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();

    await form.getByLabel('Email address').fill('Builder@Example.com');
    await form.getByRole('button', { name: 'Join the Community' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for joining!' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('community-emails') ?? '[]'));
    expect(stored).toHaveLength(1);
    expect(stored[0].email).toBe('builder@example.com');
    expect(Date.parse(stored[0].timestamp)).toBeGreaterThan(Date.now() - 60_000);

    await page.getByRole('button', { name: 'Add Another Email' }).click();
    await expect(form.getByLabel('Email address')).toHaveValue('');
    await form.getByLabel('Email address').fill('second@example.com');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Join the Community' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for joining!' })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('community-emails') ?? '[]').length)).toBe(2);
  });

  test('a failed save says so and keeps the form', async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new Error('QuotaExceededError');
      };
    });
    await page.goto('/community');
    const form = page.getByRole('form', { name: 'Community email sign-up' });
    await form.getByLabel('Email address').fill('someone@example.com');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Join the Community' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to save. Please try again.');
    await expect(form.getByLabel('Email address')).toHaveValue('someone@example.com');
  });

  test('the blogs carousel reports a loading failure', async ({ page }) => {
    await page.route('**/api/blogs/search**', (route) => route.abort());
    await page.goto('/community');
    await expect(page.getByText('Failed to load blogs.')).toBeVisible();
  });

  test('has no axe violations', async ({ page }) => {
    await page.goto('/community');
    await expect(page.getByRole('region', { name: 'Blog posts' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Events carousel' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});
