import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createBlog, createEvent, createPackage, uniqueSlug } from '../support/content-api';

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
