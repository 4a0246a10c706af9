import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, openFromSidebar, signInAsAdmin } from '../support/admin-session';

const panel = (page: import('@playwright/test').Page, name: string) => page.getByRole('region', { name, exact: true });
const fact = (page: import('@playwright/test').Page, region: string, label: string) =>
  panel(page, region).locator('dl > div').filter({ has: page.getByRole('term').getByText(label, { exact: true }) }).getByRole('definition');

test('the System page shows health, database, remotes, queue and mail, and downloads a backup', async ({ page }) => {
  await signInAsAdmin(page, '/admin');
  await openFromSidebar(page, 'System');
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();

  await expect(panel(page, 'Health')).toContainText('Healthy');
  await expect(fact(page, 'Database', 'Kind')).toHaveText('Embedded (PGlite, in DATA_DIR)');
  await expect(fact(page, 'Database', 'Schema')).toHaveText(/^\d{4}_/);
  await expect(fact(page, 'Job queue', 'Waiting or running jobs')).toHaveText(/^\d+$/);
  await expect(fact(page, 'Mail', 'Sent through')).toHaveText('Outbox files (DATA_DIR/outbox)');
  await expect(panel(page, 'Mail')).toContainText('No recent mail failures.');

  // Every remote of the build is served here and loads: its version is a hash of its entry.
  const remotes = page.getByRole('table', { name: 'Remotes and the version each serves now' }).locator('tbody tr');
  await expect(remotes).toHaveCount(4);
  for (const row of await remotes.all()) {
    await expect(row).toContainText('Loads');
    await expect(row.locator('td').nth(1)).toHaveText(/^sha256:[0-9a-f]{12}$/);
  }
  await expectNoAxeViolations(page);
  // No BACKUP_KEY here: the panel says what a plain backup leaves out.
  await expect(panel(page, 'Backups')).toContainText('Backups without BACKUP_KEY leave out the signing secrets');

  const downloading = page.waitForEvent('download');
  await panel(page, 'Backups').getByRole('button', { name: 'Download backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^site-backup-.+\.tar$/);
  const archive = await readFile((await download.path())!);
  // A tar archive whose first entry is the manifest.
  expect(archive.subarray(0, 13).toString('latin1')).toBe('manifest.json');
  await expect(fact(page, 'Backups', 'Kind')).toHaveText('Downloaded');
  await expect(fact(page, 'Backups', 'Size')).toHaveText(/\d/);
});

test('the System page says when it could not load, and tries again', async ({ page }) => {
  let fail = true;
  await page.route('**/api/admin/system', (route) =>
    fail ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Something went wrong.' } }) : route.fallback(),
  );
  await signInAsAdmin(page, '/admin/system');
  await expect(page.getByRole('alert')).toContainText('Failed to load the system status.');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(panel(page, 'Health')).toContainText('Healthy');
});
