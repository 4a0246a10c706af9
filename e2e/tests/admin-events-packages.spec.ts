import { expect, test } from '../support/fixtures';
import { createEvent, createPackage, uniqueSlug } from '../support/content-api';
import { expectNoAxeViolations, istInput, signInAsAdmin } from '../support/admin-session';

test('an event is created with IST times and edited', async ({ page }) => {
  const slug = uniqueSlug('admin-event');
  const title = `Admin event ${slug}`;
  // Far ahead: the admin list shows the latest start first.
  const start = istInput(400, '18:30');
  await signInAsAdmin(page, '/admin/events');
  await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Slug', 'Start', 'Status', 'Actions']);
  await page.getByRole('link', { name: 'New Event' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Event' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await expect(page.getByText('Start time is required.')).toBeVisible();

  await page.getByLabel('Title').fill(`  ${title} `);
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Description').fill('What we will do.');
  await page.getByLabel('Location').fill(' Bengaluru ');
  await page.getByLabel('Start time (IST)').fill(start);
  await page.getByLabel('End time (IST)').fill(istInput(400, '20:00'));
  await page.getByLabel('Status').selectOption('published');
  await page.getByLabel('Payment required').check();
  const created = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const body = (await created).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ title, location: 'Bengaluru', status: 'published', payment_required: true });
  // 18:30 IST is 13:00 UTC.
  expect(body.start_time).toBe(`${start.slice(0, 10)}T13:00:00.000Z`);
  await expect(page.locator('#event-form-status')).toHaveText('Event created successfully!');
  await expect(page).toHaveURL(/\/admin\/events$/);

  const row = page.getByRole('row', { name: new RegExp(slug) });
  await expect(row).toContainText('6:30 PM IST');
  await expect(row).toContainText('published');
  await page.getByLabel('Status').selectOption('draft');
  await expect(page.getByRole('row', { name: new RegExp(slug) })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('published');

  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByLabel('Start time (IST)')).toHaveValue(start);
  await page.getByLabel('Status').selectOption('cancelled');
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.locator('#event-form-status')).toHaveText('Event updated successfully!');
  await expect(page).toHaveURL(/\/admin\/events$/);
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(page.getByRole('row', { name: new RegExp(slug) })).toContainText('cancelled');
});

test('the events list shows its empty and error texts', async ({ page }) => {
  await signInAsAdmin(page, '/admin/events');
  await page.route('**/api/admin/events?*status=completed*', (route) => route.fulfill({ json: { items: [], total: 0, page: 1, page_size: 20 } }));
  await page.getByLabel('Status').selectOption('completed');
  await expect(page.getByText('No events found.')).toBeVisible();
  await page.route('**/api/admin/events?*status=cancelled*', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'x' } }));
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(page.getByRole('alert')).toContainText('Failed to fetch events.');
});

test('subscription and event packages are created, edited, deactivated and reactivated', async ({ page }) => {
  const event = await createEvent({ title: `Workshop ${uniqueSlug('w')}` });
  const subSlug = uniqueSlug('admin-sub');
  await signInAsAdmin(page, '/admin/packages');
  await expect(page.getByRole('tab', { name: 'Active', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: 'New Package' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Package' })).toBeVisible();
  await expect(page.getByLabel('Is Active')).toBeChecked();

  await page.getByLabel('Name').fill('Monthly mentoring');
  await page.getByLabel('Slug').fill(subSlug);
  await page.getByLabel('Price (INR)').fill('-1');
  await page.getByRole('button', { name: 'Create Package' }).click();
  await expect(page.getByText('Price must be 0 or more, with at most 2 decimals.')).toBeVisible();
  await page.getByLabel('Price (INR)').fill('999.5');
  await page.getByRole('button', { name: 'Create Package' }).click();
  await expect(page.getByText('Duration in days is required for a subscription package.')).toBeVisible();
  await page.getByLabel('Duration (days)').fill('30');
  const createdSub = page.waitForRequest((r) => r.url().endsWith('/api/packages') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Create Package' }).click();
  expect((await createdSub).postDataJSON()).toMatchObject({
    price: 999.5,
    duration_days: 30,
    package_type: 'subscription',
    event_id: null,
    capacity: null,
    package_registration_deadline: null,
    is_active: true,
  });
  await expect(page.locator('#package-form-status')).toHaveText('Package created successfully!');
  await expect(page).toHaveURL(/\/admin\/packages$/);
  const subRow = page.getByRole('row', { name: new RegExp(subSlug) });
  await expect(subRow).toContainText('999.50');
  await expect(subRow).toContainText('Yes');

  // An event package: linked to a published event, capacity at least 1, no duration.
  const eventSlug = uniqueSlug('admin-seat');
  await page.getByRole('link', { name: 'New Package' }).click();
  await page.getByLabel('Name').fill('Workshop seat');
  await page.getByLabel('Slug').fill(eventSlug);
  await page.getByLabel('Price (INR)').fill('500');
  await page.getByLabel('Type').selectOption('event');
  await expect(page.getByLabel('Duration (days)')).toBeDisabled();
  await page.getByLabel('Capacity').fill('0');
  await page.getByRole('button', { name: 'Create Package' }).click();
  await expect(page.getByText('An event package needs a linked event.')).toBeVisible();
  await page.getByLabel('Linked event (published events)').selectOption(event.id);
  await page.getByRole('button', { name: 'Create Package' }).click();
  await expect(page.getByText('An event package needs a capacity of at least 1.')).toBeVisible();
  await page.getByLabel('Capacity').fill('12');
  const createdSeat = page.waitForRequest((r) => r.url().endsWith('/api/packages') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Create Package' }).click();
  expect((await createdSeat).postDataJSON()).toMatchObject({ package_type: 'event', event_id: event.id, capacity: 12, duration_days: null });
  await expect(page).toHaveURL(/\/admin\/packages$/);

  await page.getByRole('tab', { name: 'Event', exact: true }).click();
  // The Active tab's rows (the seat among them) stay on screen until the Event tab's are read.
  await expect(page.getByRole('tabpanel', { name: 'Event' })).toHaveAttribute('aria-busy', 'false');
  const seatRow = page.getByRole('row', { name: new RegExp(eventSlug) });
  await expect(seatRow).toContainText('500.00');
  await seatRow.getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByLabel('Capacity')).toHaveValue('12');
  await page.getByLabel('Capacity').fill('20');
  await page.getByRole('button', { name: 'Save Package' }).click();
  await expect(page.locator('#package-form-status')).toHaveText('Package updated successfully!');
  await expect(page).toHaveURL(/\/admin\/packages$/);

  await page.getByRole('row', { name: new RegExp(subSlug) }).getByRole('button', { name: /^Deactivate/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(subSlug) })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Inactive' }).click();
  const inactive = page.getByRole('row', { name: new RegExp(subSlug) });
  await expect(inactive).toContainText('No');
  await inactive.getByRole('button', { name: /^Reactivate/ }).click();
  await expect(inactive).toHaveCount(0);
  await page.getByRole('tab', { name: 'Active', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(subSlug) })).toContainText('Yes');
});

test('the packages list shows its texts', async ({ page }) => {
  await createPackage({ name: 'Listed', price: 10, duration_days: 1, package_type: 'subscription' });
  await signInAsAdmin(page, '/admin/packages');
  await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Slug', 'Type', 'Price', 'Active?', 'Actions']);
  await expectNoAxeViolations(page);
  await page.route('**/api/admin/packages?*package_type=event*', (route) => route.fulfill({ json: { items: [], total: 0, page: 1, page_size: 20 } }));
  await page.getByRole('tab', { name: 'Event', exact: true }).click();
  await expect(page.getByText('No packages found.')).toBeVisible();
  await page.route('**/api/admin/packages?*is_active=false*', (route) => route.fulfill({ status: 500, json: { error: 'x', message: 'x' } }));
  await page.getByRole('tab', { name: 'Inactive' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to fetch packages.');
  await page.unroute('**/api/admin/packages?*is_active=false*');
  await page.route('**/api/packages/*/deactivate', (route) => route.fulfill({ status: 500, json: { error: 'x', message: 'x' } }));
  await page.getByRole('tab', { name: 'Active', exact: true }).click();
  await page.getByRole('row').filter({ hasText: 'Listed' }).first().getByRole('button', { name: /^Deactivate/ }).click();
  await expect(page.getByText('Failed to toggle package status.')).toBeVisible();
});
