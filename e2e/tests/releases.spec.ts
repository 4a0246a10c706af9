import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/admin-session';
import { pageSettled } from '../support/page-state';
import { repoRoot, startServer, type RunningServer } from '@site/test-support/server';
import { startedWith } from '../support/releases';

// `pnpm release` on a server of its own (its own DATA_DIR, so its own releases): other tests never
// see these releases. The remote is built once (the changed text); the refused releases are that
// build, altered. The second test goes on from the releases the first made.
test.describe.configure({ mode: 'serial' });
const run = promisify(execFile);
const ADMIN = { username: 'releases-admin', email: 'releases-admin@example.com', password: 'releases-admin-password' };
const SOURCE = path.join(repoRoot, 'mfe-marketing/src/features/services/services-section.tsx');
const OLD_TITLE = 'AI Services Built for Small Teams';
const NEW_TITLE = 'AI Services Released on Their Own';

let server: RunningServer;
/** The releases the first test made: release zero (the build the server started with), version 1 and the changed text. */
const made: { zero?: string; v1?: string; v2?: string } = {};

test.beforeAll(async () => {
  test.setTimeout(180_000); // a fresh embedded database on a busy machine
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A release command with the server's settings; its stdout, stderr and exit code. */
async function pnpm(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('pnpm', ['--silent', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: server.dataDir },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `pnpm release` / `pnpm rollback`, which must succeed; the version it printed. */
async function switched(...args: string[]): Promise<string> {
  const result = await pnpm(...args);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim().split('\n').at(-1)!;
}

const servicesTitle = (page: Page) => page.getByRole('heading', { level: 2, name: /^AI Services/ });
const liveLine = async () => (await pnpm('releases', 'mfe-marketing')).stdout.split('\n').find((line) => line.endsWith('\tlive')) ?? '';

const homeHtml = async () => (await fetch(server.url + '/')).text();

/** The server-rendered home page shows `title` within a second of the switch. */
async function servedWithin1s(title: string): Promise<void> {
  await expect.poll(homeHtml, { timeout: 1_000, intervals: [50] }).toContain(`${title}</h2>`);
}

test('a remote is released, rolled back, and a broken release is refused, while open pages keep their version', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(600_000); // one production build of the remote on a shared machine

  // Version 1: the remote's current build, released as it is (no build).
  // The server's first render loads every container: not what the switch is measured on.
  await expect.poll(homeHtml).toContain(`${OLD_TITLE}</h2>`);
  // Release zero: the build the server started with, kept once it was ready, and live.
  const zero = await startedWith(pnpm, 'mfe-marketing');
  const v1 = await switched('release', 'mfe-marketing', '--from', 'mfe-marketing/dist');
  await expect.poll(async () => (await fetch(server.url + '/remotes.json')).text(), { timeout: 1_000 }).toContain(v1);
  await servedWithin1s(OLD_TITLE);
  const v1Files = `/releases/mfe-marketing/${v1}/`;

  // A visitor opens the home page on version 1 and keeps it open.
  const marketingFiles: string[] = [];
  page.on('request', (request) => {
    if (/\/(releases|remotes)\/mfe-marketing\//.test(request.url())) marketingFiles.push(new URL(request.url()).pathname);
  });
  await page.goto(server.url + '/');
  await pageSettled(page);
  await expect(servicesTitle(page)).toHaveText(OLD_TITLE);

  // Version 2: the remote built from a changed text.
  const source = await readFile(SOURCE, 'utf8');
  let v2: string;
  try {
    await writeFile(SOURCE, source.replace(`title="${OLD_TITLE}"`, `title="${NEW_TITLE}"`));
    v2 = await switched('release', 'mfe-marketing');
  } finally {
    await writeFile(SOURCE, source);
  }
  expect(v2).not.toBe(v1);
  Object.assign(made, { zero, v1, v2 });
  await servedWithin1s(NEW_TITLE);
  expect(await liveLine()).toMatch(new RegExp(`^${v2}\\t\\S+\\tlive$`));

  // A new visitor gets it rendered on the server and hydrated, with no hydration warning.
  const visitor = await browser.newPage();
  const visitorErrors: string[] = [];
  visitor.on('console', (message) => message.type() === 'error' && visitorErrors.push(message.text()));
  visitor.on('pageerror', (error) => visitorErrors.push(error.message));
  await visitor.goto(server.url + '/');
  // Its first start on a busy machine (the build has just run) may take longer than a step's 10 s.
  await expect(visitor.locator('html')).toHaveAttribute('data-app', 'live', { timeout: 30_000 });
  await pageSettled(visitor);
  await expect(servicesTitle(visitor)).toHaveText(NEW_TITLE);
  expect(visitorErrors).toEqual([]);
  await visitor.close();

  // The page opened on version 1 still navigates, with version 1's files.
  await page.locator('#services').getByRole('article').nth(1).getByRole('link', { name: /^Learn More/ }).click();
  await expect(page).toHaveURL(/\/services\/agentic-ai-workflows$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agentic AI Workflows');
  expect(marketingFiles.length).toBeGreaterThan(0);
  expect(marketingFiles.filter((file) => !file.startsWith(v1Files))).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // Rollback: version 1 is live again, without a build.
  expect(await switched('rollback', 'mfe-marketing')).toBe(v1);
  await servedWithin1s(OLD_TITLE);

  // A release whose render throws, and one built against another React major, are refused.
  const broken = await mkdtemp(path.join(tmpdir(), 'release-'));
  try {
    await cp(path.join(server.dataDir, 'releases', 'mfe-marketing', v2), broken, { recursive: true });
    for (const name of await readdir(path.join(broken, 'server'))) {
      const file = path.join(broken, 'server', name);
      const code = await readFile(file, 'utf8');
      if (code.includes(NEW_TITLE)) await writeFile(file, code.replaceAll(`"${NEW_TITLE}"`, '(() => { throw new Error("a broken section"); })()'));
    }
    const throwing = await pnpm('release', 'mfe-marketing', '--from', broken);
    expect(throwing.code).not.toBe(0);
    expect(throwing.stderr).toContain('Refused: / does not render on the server: a broken section');

    await cp(path.join(server.dataDir, 'releases', 'mfe-marketing', v2), broken, { recursive: true, force: true });
    const manifest = path.join(broken, 'mf-manifest.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace(/"version": "19\./g, '"version": "18.'));
    const otherReact = await pnpm('release', 'mfe-marketing', '--from', broken);
    expect(otherReact.code).not.toBe(0);
    expect(otherReact.stderr).toMatch(/^Refused: react 18\.\d+\.\d+ is not compatible with the shell's 19\.\d+\.\d+ \(another major version\); react-dom 18\./m);
  } finally {
    await rm(broken, { recursive: true, force: true });
  }
  expect(await liveLine()).toMatch(new RegExp(`^${v1}\\t`));
  expect((await pnpm('releases', 'mfe-marketing')).stdout.trim().split('\n')).toHaveLength(3);
  expect(await (await fetch(server.url + '/')).text()).toContain(`${OLD_TITLE}</h2>`);

  // And once more: release zero, from its own folder.
  expect(await switched('rollback', 'mfe-marketing')).toBe(zero);
  expect((await (await fetch(server.url + '/remotes.json')).json()).mfe_marketing).toBe(`/releases/mfe-marketing/${zero}/remoteEntry.js`);
  await servedWithin1s(OLD_TITLE);
});

test('Settings → Releases shows each remote’s live version and history, and rolls one back', async ({ page }) => {
  // A third release (version 2's files again, no build) to roll back from.
  const v3 = await switched('release', 'mfe-marketing', '--from', path.join(server.dataDir, 'releases', 'mfe-marketing', made.v2!));
  const v2 = made.v2!;
  await page.goto(server.url + '/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.goto(server.url + '/admin/settings');

  const releases = page.getByRole('region', { name: 'Releases', exact: true });
  const marketing = releases.getByRole('region', { name: 'mfe-marketing', exact: true });
  await expect(marketing).toContainText(`Live: ${v3}`);
  const rows = marketing.getByRole('table', { name: 'Releases of mfe-marketing, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(v3);
  await expect(rows.nth(0)).toContainText('Live');
  await expect(rows.nth(1)).toContainText(v2);
  await expect(rows.nth(2)).toContainText(made.v1!);
  await expect(rows.nth(3)).toContainText(made.zero!);
  // Never released: the build the site was started with is live, as its release zero.
  const community = await startedWith(pnpm, 'mfe-community');
  await expect(releases.getByRole('region', { name: 'mfe-community', exact: true })).toContainText(`Live: ${community}, the build the site was started with`);
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await releases.screenshot({ path: test.info().outputPath(`releases-${width}.png`) });
  }

  await marketing.getByRole('button', { name: 'Roll back mfe-marketing' }).click();
  await marketing.getByRole('button', { name: 'Confirm rollback' }).click();
  await expect(page.getByText(`mfe-marketing is back on ${v2}.`)).toBeVisible();
  await expect(rows.nth(1)).toContainText('Live');
  await expect(marketing).toContainText(`Live: ${v2}`);
  expect((await (await fetch(server.url + '/remotes.json')).json()).mfe_marketing).toBe(`/releases/mfe-marketing/${v2}/remoteEntry.js`);

  // The rollback is in the activity log, under the admin who made it.
  const activity = await page.evaluate(async () => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const { accessToken } = (await refresh.json()) as { accessToken: string };
    return (await fetch('/api/admin/activity?limit=5', { headers: { Authorization: `Bearer ${accessToken}` } })).text();
  });
  expect(activity).toContain(`mfe-marketing ${v2}`);
  expect(activity).toContain(ADMIN.username);
});
