import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/admin-session';
import { repoRoot, startServer, type RunningServer } from '../support/server';

// Releases made on a server of their own (its own DATA_DIR), from the remote's current build: no
// other test sees them.
const run = promisify(execFile);
const ADMIN = { username: 'releases-admin', email: 'releases-admin@example.com', password: 'releases-admin-password' };
let server: RunningServer;
const versions: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  for (let i = 0; i < 2; i++) {
    const { stdout } = await run('pnpm', ['--silent', 'release', 'mfe-community', '--from', 'mfe-community/dist'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    versions.push(stdout.trim().split('\n').at(-1)!);
  }
});

test.afterAll(async () => {
  await server?.stop();
});

test('Settings → Releases shows each remote’s live version and history, and rolls one back', async ({ page }) => {
  const [v1, v2] = versions as [string, string];
  await page.goto(server.url + '/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.goto(server.url + '/admin/settings');

  const releases = page.getByRole('region', { name: 'Releases', exact: true });
  const community = releases.getByRole('region', { name: 'mfe-community', exact: true });
  await expect(community).toContainText(`Live: ${v2}`);
  const rows = community.getByRole('table', { name: 'Releases of mfe-community, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(v2);
  await expect(rows.nth(0)).toContainText('Live');
  await expect(rows.nth(1)).toContainText(v1);
  await expect(releases.getByRole('region', { name: 'mfe-marketing', exact: true })).toContainText('its own build (no release yet)');
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await releases.screenshot({ path: test.info().outputPath(`releases-${width}.png`) });
  }

  await community.getByRole('button', { name: 'Roll back mfe-community' }).click();
  await community.getByRole('button', { name: 'Confirm rollback' }).click();
  await expect(page.getByText(`mfe-community is back on ${v1}.`)).toBeVisible();
  await expect(rows.nth(1)).toContainText('Live');
  await expect(community).toContainText(`Live: ${v1}`);
  await expect(community).toContainText('No earlier release');
  expect((await (await fetch(server.url + '/remotes.json')).json()).mfe_community).toBe(`/releases/mfe-community/${v1}/remoteEntry.js`);

  // The rollback is in the activity log, under the admin who made it.
  const activity = await page.evaluate(async () => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const { accessToken } = (await refresh.json()) as { accessToken: string };
    return (await fetch('/api/admin/activity?limit=5', { headers: { Authorization: `Bearer ${accessToken}` } })).text();
  });
  expect(activity).toContain(`mfe-community ${v1}`);
  expect(activity).toContain(ADMIN.username);
});
