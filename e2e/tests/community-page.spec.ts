import AxeBuilder from '@axe-core/playwright';
import { createPackage } from '../support/content-api';
import { expect, openInApp, test } from '../support/fixtures';

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

  test('lists the memberships, each linking its package page, at 390 and 1280', async ({ page }) => {
    const membership = await createPackage({ name: 'Listed membership', description: 'Weekly office hours.', price: 800, duration_days: 30, package_type: 'subscription', is_active: true });
    const inactive = await createPackage({ name: 'Retired membership', price: 800, duration_days: 30, package_type: 'subscription', is_active: false });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/community');
      const section = page.getByRole('region', { name: 'Memberships' });
      const card = section.getByRole('article', { name: 'Listed membership' });
      await expect(card).toContainText('Weekly office hours.');
      await expect(section.getByRole('link', { name: inactive.name })).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`memberships-${width}.png`) });
    }
    await page.getByRole('region', { name: 'Memberships' }).getByRole('link', { name: 'Listed membership' }).click();
    await expect(page).toHaveURL(new RegExp(`/packages/${membership.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Listed membership' })).toBeVisible();
  });

  test('rotates the team highlight every 4 s and the benefits highlight every 3 s', async ({ page }) => {
    // Both sections in view: a highlight stands still while its section is off screen.
    await page.setViewportSize({ width: 1280, height: 4000 });
    await page.clock.install();
    await page.goto('/community');
    const team = page.locator('section[aria-labelledby="team-title"] [data-highlighted]');
    const benefits = page.locator('section[aria-labelledby="benefits-title"] [data-highlighted]');
    await expect(team.first()).toBeVisible();
    await expect(benefits.first()).toBeVisible();
    // Real time moved the highlights while the page loaded; from here on only the test moves time.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    const position = async (items: typeof team) => {
      const flags = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-highlighted')));
      expect(flags.filter((flag) => flag === 'true')).toHaveLength(1);
      return { at: flags.indexOf('true'), of: flags.length };
    };
    const moved = (before: { at: number; of: number }, after: { at: number }) => (after.at - before.at + before.of) % before.of;
    const team0 = await position(team);
    const benefits0 = await position(benefits);
    // Any 12 s holds exactly four 3 s steps and three 4 s steps.
    await page.clock.runFor(12_000);
    expect(moved(benefits0, await position(benefits))).toBe(4 % benefits0.of);
    expect(moved(team0, await position(team))).toBe(3 % team0.of);
    // And any 3 s exactly one benefits step.
    const benefits1 = await position(benefits);
    await page.clock.runFor(3_000);
    expect(moved(benefits1, await position(benefits))).toBe(1);
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
    await openInApp(page, '/community');
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
