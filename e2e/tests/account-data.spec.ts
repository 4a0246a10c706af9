import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { signedInBuyer } from '../support/commerce';

/** Screenshots for review when ACCOUNT_SHOTS_DIR is set. */
async function shoot(page: Page, name: string) {
  const shots = process.env.ACCOUNT_SHOTS_DIR;
  if (!shots) return;
  await mkdir(shots, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

test('a signed-in buyer downloads their data and deletes their account after confirming with the password', async ({ page }) => {
  const buyer = await signedInBuyer(page);
  await page.goto('/orders');
  const section = page.getByRole('region', { name: 'Your account and data' });
  await expect(section).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download your data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ username: buyer.username, email: buyer.email });
  expect(Array.isArray(data.orders)).toBe(true);
  // Said once the file is saved; the accessibility check below waits for it to have faded in.
  await expect(page.getByText('Your data was downloaded.')).toBeVisible();

  await section.getByRole('button', { name: 'Delete account' }).click();
  const password = section.getByLabel('Your password');
  await expect(password).toBeFocused();
  await expect(section).toContainText('cannot be undone');
  await expectNoAxeViolations(page);
  await shoot(page, 'account-delete-confirm');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel leaves the account as it is.
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(password).toHaveCount(0);
  await section.getByRole('button', { name: 'Delete account' }).click();

  await password.fill('not the password');
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(section.getByRole('alert')).toHaveText('The password is incorrect.');
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill(buyer.password);
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  // Said as what happened, not as a plain logout.
  await expect(page.getByText('Log out successful!')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);
  const login = await page.request.post('/api/auth/login', { data: { username: buyer.username, password: buyer.password } });
  expect(login.status()).toBe(401);
});
