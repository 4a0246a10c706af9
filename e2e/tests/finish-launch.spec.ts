import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createBlog, createEvent, createPackage, uniqueSlug } from '../support/content-api';
import { openFromSidebar, signInAsAdmin } from '../support/admin-session';
import { signedInBuyer } from '../support/commerce';

// The finish a launch needs (issue 44): each scenario where the fault was seen, at phone or desktop width.
test.describe.configure({ timeout: 60_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/finish-shots/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
const fact = (page: Page, name: string) => page.locator('dt', { hasText: name }).locator('+ dd');

test.describe('a visitor in UTC', () => {
  test.use({ timezoneId: 'UTC', viewport: { width: 390, height: 844 } });

  test('reads every time in IST first, one style, with their own beside it; a post’s date is India’s date', async ({ page, consoleErrors }) => {
    // 09:00 UTC is 2:30 PM in India; 20:00 UTC on the 28th is already the 29th there.
    const event = await createEvent({ title: 'IST meetup', start_time: '2031-12-04T09:00:00.000Z', end_time: '2031-12-04T11:00:00.000Z' });
    const pkg = await createPackage({
      name: `IST pass ${uniqueSlug('p')}`,
      price: 1200,
      package_type: 'event',
      event_id: event.id,
      capacity: 5,
      package_registration_deadline: '2031-12-04T09:00:00.000Z',
      is_active: true,
    });
    const blog = await createBlog({ title: 'Late-night post', content: '<p>Body.</p>', published_at: '2026-11-28T20:00:00.000Z' });

    await page.goto(`/event/${event.slug}`);
    await expect(fact(page, 'Starts')).toHaveText('December 4, 2031 at 2:30 PM ISTYour time: December 4, 2031 at 9:00 AM UTC');
    await shot(page, 'event-page');

    await page.goto(`/packages/${pkg.slug}`);
    await expect(fact(page, 'Registration Deadline')).toHaveText('December 4, 2031 at 2:30 PM ISTYour time: December 4, 2031 at 9:00 AM UTC');
    // No time on the page is in the visitor's zone alone.
    await expect(page.locator('main time')).not.toHaveText([/UTC$/]);
    await shot(page, 'package-page');

    await page.goto(`/blog/${blog.slug}`);
    await expect(page.getByText(/^Published /)).toHaveText('Published November 29, 2026');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('admin at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the package form drops the duration error when the type becomes event; the dashboard offers no New Position', async ({ page }) => {
    await signInAsAdmin(page, '/admin/packages/new');
    await page.getByLabel('Name').fill('Switching type');
    await page.getByLabel('Slug').fill(uniqueSlug('switch'));
    await page.getByLabel('Price (INR)').fill('100');
    await page.getByRole('button', { name: 'Create Package' }).click();
    const durationError = page.getByText('Duration in days is required for a subscription package.');
    await expect(durationError).toBeVisible();
    await page.getByLabel('Type').selectOption('event');
    await expect(durationError).toHaveCount(0);
    await expect(page.getByLabel('Duration (days)')).not.toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'package-form-event');

    await openFromSidebar(page, 'Dashboard');
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(actions.getByRole('link', { name: 'New Post' })).toBeVisible();
    await expect(actions.getByRole('link', { name: 'New Position' })).toHaveCount(0);
    await shot(page, 'dashboard');
  });
});

for (const width of [390, 1280]) {
  test.describe(`a visitor at ${width}px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the header marks Services on a service page and Contact on /contact', async ({ page }) => {
      const openNav = async () => {
        // Below 1024px the links are in the menu.
        if (width >= 1024) return page.getByRole('navigation', { name: 'Main', exact: true });
        await page.getByRole('button', { name: 'Open menu' }).click();
        return page.getByRole('navigation', { name: 'Main (mobile)' });
      };
      await page.goto('/services/ai-chatbots');
      let nav = await openNav();
      await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('aria-current', 'true');
      await expect(nav.getByRole('link', { name: 'Contact', exact: true })).not.toHaveAttribute('aria-current', /.+/);
      await shot(page, 'nav-services');
      await page.goto('/contact');
      nav = await openNav();
      await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('aria-current', 'true');
      await expect(nav.getByRole('link', { name: 'Services', exact: true })).not.toHaveAttribute('aria-current', /.+/);
      await shot(page, 'nav-contact');
    });

    test('the Terms point to the self-service links, not to replying by e-mail', async ({ page }) => {
      await page.goto('/terms');
      const main = page.getByRole('main');
      await expect(main).toContainText('with the Reschedule and Cancel links in your booking e-mail or under Your orders');
      await expect(main).not.toContainText('by replying to your booking e-mail');
      await shot(page, 'terms');
    });
  });
}

test.describe('a buyer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a failed subscription payment is said once; closing the window speaks of no time or seat; the order awaits payment in plain words', async ({ page }) => {
    await signedInBuyer(page);
    const pkg = await createPackage({ name: `Plain words ${uniqueSlug('w')}`, description: 'Monthly office hours.', price: 1200, duration_days: 30, package_type: 'subscription', is_active: true });
    await page.goto(`/packages/${pkg.slug}`);
    await page.getByRole('button', { name: 'Buy for ₹1,200' }).click();
    const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
    await expect(checkout).toContainText('₹1,200');
    await expect(checkout).not.toContainText('₹1,200.00');
    await checkout.getByRole('button', { name: 'Fail payment' }).click();
    const failed = page.locator('[data-sonner-toast]', { hasText: 'Payment failed' });
    await expect(failed).toBeVisible();
    expect((await failed.innerText()).match(/Payment failed/gi)).toHaveLength(1);
    await checkout.getByRole('button', { name: 'Close' }).click();
    const closed = page.locator('[data-sonner-toast]', { hasText: 'Payment window closed.' });
    await expect(closed).toContainText('Nothing was charged. You can pay for it from Your orders.');
    await expect(closed).not.toContainText('no longer held');
    await shot(page, 'subscription-window-closed');

    await page.goto('/orders');
    const card = page.getByRole('article', { name: pkg.name });
    await expect(card.getByText('Status').locator('+ dd')).toHaveText('Awaiting payment');
    await shot(page, 'orders');
  });
});
