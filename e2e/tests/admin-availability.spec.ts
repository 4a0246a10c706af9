import { expect, test } from '../support/fixtures';
import { adminScreenshots, expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';
import { IST_OFFSET_MS } from '../support/commerce';

test.describe.configure({ timeout: 60_000 });

/** A date no other test books, far enough ahead to be listed among the coming overrides. */
const day = new Date(Date.now() + IST_OFFSET_MS + 50 * 86_400_000).toISOString().slice(0, 10);

test('Admin → Availability shows the week and the coming dates, sets a day off, and says when it cannot load', async ({ page }) => {
  // Loading: the first answer is held back until the screen has said it is loading.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/availability', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.fallback();
  });
  await signInAsAdmin(page, '/admin/availability');
  await expect(page.getByRole('heading', { name: 'Availability', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading the availability…')).toBeVisible();
  await adminScreenshots(page, 'availability-loading', page.getByRole('heading', { name: 'Availability', level: 1 }));
  release();

  const week = page.getByRole('form', { name: 'Working hours' });
  await expect(week.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  await expect(week.getByLabel('Monday: first start')).toHaveValue('09:00');
  await expect(week.getByLabel('Sunday: last start')).toHaveValue('18:00');
  await expect(page.getByLabel('Minimum notice (hours)')).toHaveValue('12');
  await expectNoAxeViolations(page);
  await adminScreenshots(page, 'availability', week);

  // A date off, listed with the week, then removed again.
  const add = page.getByRole('form', { name: 'Add a date' });
  await add.getByLabel('Date').fill(day);
  await add.getByLabel('Note (optional)').fill('Conference');
  await add.getByRole('button', { name: 'Save Date' }).click();
  await expect(page.getByText('Date saved.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(day) });
  await expect(row).toContainText('Day off');
  await expect(row).toContainText('Conference');
  await adminScreenshots(page, 'availability-override', page.getByRole('heading', { name: 'Dates that differ' }));
  await row.getByRole('button', { name: `Remove ${day}` }).click();
  await expect(page.getByRole('row', { name: new RegExp(day) })).toHaveCount(0);

  // A last start before the first is refused in words, nothing saved.
  await week.getByLabel('Tuesday: first start').selectOption('12:00');
  await week.getByLabel('Tuesday: last start').selectOption('10:00');
  await week.getByRole('button', { name: 'Save Working Hours' }).click();
  await expect(week.getByText('The last start cannot be before the first start.')).toBeVisible();

  // The calendars panel, empty.
  await expect(page.getByRole('heading', { name: 'Your own calendars' })).toBeVisible();
  await expect(page.getByLabel('Subscribe to your bookings')).toHaveValue(/\/api\/calendar\/bookings\.ics\?token=/);
  await adminScreenshots(page, 'availability-calendars', page.getByRole('heading', { name: 'Your own calendars' }));

  // Error: the api fails; the screen says so and offers to try again.
  await page.unroute('**/api/admin/availability');
  await page.route('**/api/admin/availability', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'Internal Server Error' } }));
  await page.reload();
  await expect(page.getByText('Failed to load the availability.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' }).first()).toBeVisible();
  await adminScreenshots(page, 'availability-error', page.getByRole('heading', { name: 'Availability', level: 1 }));
});
