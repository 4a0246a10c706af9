import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { adminScreenshots, expectNoAxeViolations, signInAsAdmin } from '../support/admin-session';
import { adminAccessToken } from '../support/admin-token';

const LINK_API = '**/api/admin/consultations/meeting-link';

const screenshots = (page: Page, name: string) => adminScreenshots(page, name, page.getByRole('heading', { name: 'Meeting link', level: 2 }));

/** The meeting link as the api holds it. */
async function storedLink(): Promise<string | null> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/admin/consultations/meeting-link`, { headers: { authorization: `Bearer ${await adminAccessToken()}` } });
  return ((await response.json()) as { meeting_link: string | null }).meeting_link;
}

// One meeting link for the whole site: these tests change it one after another.
test.describe.configure({ mode: 'serial' });

test('Admin → Settings sets, shows and clears the meeting link booking e-mails name', async ({ page }) => {
  await signInAsAdmin(page, '/admin/settings');
  const section = page.getByRole('region', { name: 'Meeting link' });
  const field = section.getByLabel('Meeting link');
  await expect(field).toBeVisible();
  const before = await storedLink();
  if (before === null) await expect(section.getByText(/^Not set: each booking gets its own room/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Not https: refused in place, and nothing changes.
  await field.fill('http://meet.example.com/room');
  await section.getByRole('button', { name: 'Save Meeting Link' }).click();
  await expect(section.getByText('Enter a full address, starting with https://')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await storedLink()).toBe(before);

  const link = `https://meet.example.com/tiny-titans-${Date.now()}`;
  await field.fill(link);
  // Edited, the field's refusal is gone: the form has the new address before it is saved.
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText('Enter a full address, starting with https://')).toHaveCount(0);
  await section.getByRole('button', { name: 'Save Meeting Link' }).click();
  await expect(page.getByText('Meeting link saved.')).toBeVisible();
  await expect(section.getByRole('link', { name: link })).toHaveAttribute('href', link);
  expect(await storedLink()).toBe(link);
  await screenshots(page, 'admin-meeting-link-set');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Meeting link' }).getByLabel('Meeting link')).toHaveValue(link);

  await page.getByRole('region', { name: 'Meeting link' }).getByLabel('Meeting link').fill('');
  await page.getByRole('button', { name: 'Save Meeting Link' }).click();
  await expect(page.getByText('Meeting link cleared.')).toBeVisible();
  await expect(page.getByText(/^Not set: each booking gets its own room/)).toBeVisible();
  expect(await storedLink()).toBeNull();
  if (before !== null) {
    await page.getByRole('region', { name: 'Meeting link' }).getByLabel('Meeting link').fill(before);
    await page.getByRole('button', { name: 'Save Meeting Link' }).click();
    await expect(page.getByText('Meeting link saved.')).toBeVisible();
  }
});

test('says when the meeting link failed to load or to save', async ({ page }) => {
  let failLoad = true;
  await page.route(LINK_API, (route) => {
    if (route.request().method() === 'PUT') return route.fulfill({ status: 500, json: { error: 'internal', message: 'Internal Server Error' } });
    return failLoad ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Internal Server Error' } }) : route.fulfill({ json: { meeting_link: null } });
  });
  await signInAsAdmin(page, '/admin/settings');
  const section = page.getByRole('region', { name: 'Meeting link' });
  await expect(section.getByRole('alert')).toContainText('Failed to load the meeting link.');
  await screenshots(page, 'admin-meeting-link-error');
  failLoad = false;
  await section.getByRole('button', { name: 'Try again' }).click();
  await section.getByLabel('Meeting link').fill('https://meet.example.com/room');
  await section.getByRole('button', { name: 'Save Meeting Link' }).click();
  await expect(section.getByRole('alert')).toContainText('Internal Server Error');
  // What was typed is kept for another try.
  await expect(section.getByLabel('Meeting link')).toHaveValue('https://meet.example.com/room');
});
