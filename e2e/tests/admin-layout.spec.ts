import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, logInAsAdmin, openFromSidebar, signInAsAdmin } from '../support/admin-session';

const ORDER = ['Dashboard', 'Home', 'Blog', 'Events', 'Packages', 'Careers', 'Settings', 'Orders', 'Bookings', 'Messages', 'Subscribers', 'Consultations', 'Availability', 'Mail', 'System'];

test('the sidebar lists every admin page in order and marks the current one', async ({ page }) => {
  await signInAsAdmin(page, '/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText(ORDER);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('banner')).toContainText('Signed in as e2e-admin (admin)');

  await openFromSidebar(page, 'Blog');
  await expect(page).toHaveURL(/\/admin\/blogs$/);
  await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  // Sub-pages keep their section marked.
  await page.getByRole('link', { name: 'New Post' }).click();
  await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
});

test('careers shows its placeholder and settings the read-only admins', async ({ page }) => {
  await signInAsAdmin(page, '/admin/careers');
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Position' })).toBeVisible();
  await expectNoAxeViolations(page);
  await openFromSidebar(page, 'Settings');
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('one long password');
  await page.getByLabel('Confirm new password').fill('another long password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('on a 390px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar folds behind a Menu button and nothing overflows', async ({ page }) => {
    await signInAsAdmin(page, '/admin/packages');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

test('the admin logs in, and Logout ends the session so /admin sends to /login', async ({ page }) => {
  await logInAsAdmin(page, '/admin/settings');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Log out successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/blogs');
  await expect(page).toHaveURL(/\/login$/);
});
