import { expect, test } from '../support/fixtures';
import { adminAccessToken } from '../support/admin-token';
import { pageSettled } from '../support/page-state';

interface VersionSignals {
  remote: string;
  version: string;
  visits: number;
}

/** Page views reported for a front end, over all its versions, as Admin → Releases reads them. */
async function visitsOf(remote: string): Promise<number> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/admin/vitals`, { headers: { authorization: `Bearer ${await adminAccessToken()}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { versions: VersionSignals[] }).versions.filter((row) => row.remote === remote).reduce((sum, row) => sum + row.visits, 0);
}

test("a visit is reported by the page's beacon once the visitor leaves, counted for the front ends on it", async ({ page }) => {
  const before = { shell: await visitsOf('shell'), marketing: await visitsOf('mfe-marketing') };

  await page.goto('/');
  await pageSettled(page);
  // The beacon's code loads once the page is live and the browser idle.
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'on');
  // Leaving the page (it is hidden, then unloaded) sends the page view.
  await page.goto('about:blank');
  await expect.poll(() => visitsOf('shell')).toBeGreaterThan(before.shell);
  await expect.poll(() => visitsOf('mfe-marketing')).toBeGreaterThan(before.marketing);
});
