import { mkdir } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './global-setup';
import { adminAccessToken } from './admin-token';

/**
 * Opens `path` signed in as the start-up admin: the page's session refresh is answered with a token
 * for that admin, so each test needs no login of its own.
 */
export async function signInAsAdmin(page: Page, path = '/admin'): Promise<void> {
  const token = await adminAccessToken();
  // The page asks for a refresh only when the api's session hint cookie (shared/contracts/session-hint) is set.
  await page.context().addCookies([{ name: 'has_session', value: '1', url: process.env.E2E_BASE_URL! }]);
  await page.route('**/api/auth/refresh', (route) => route.fulfill({ json: { accessToken: token } }));
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Signs in through the login page as the start-up admin and opens `path`. */
export async function logInAsAdmin(page: Page, path = '/admin'): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Client-side navigation through the sidebar (keeps the session without another refresh). */
export async function openFromSidebar(page: Page, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: label, exact: true }).click();
}

export { expectNoAxeViolations } from './axe';

/** Full-page screenshots at 390 and 1280 px with `section` in view, into ADMIN_SHOTS_DIR when it is set (for review). */
export async function adminScreenshots(page: Page, name: string, section: Locator): Promise<void> {
  const dir = process.env.ADMIN_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

/** Today plus `days`, as a datetime-local value at `time` (read by the admin screens as IST). */
export function istInput(days: number, time = '10:30'): string {
  const date = new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${time}`;
}
