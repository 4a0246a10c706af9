import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { pageSettled } from '../support/page-state';
import { copyChanged, releaseCommands, repoRoot, shellVersionIn } from '../support/releases';
import { startServer, type RunningServer } from '@site/test-support/server';

// The shell released on its own, and the skew matrix: the live shell with the previous release of
// each remote, the previous shell with the current remotes, and pages that keep their versions
// until reloaded. A server of its own (its own DATA_DIR, so its own releases); the shell is built
// once, every other release is a build already made, copied (`--from`) and, where a version must
// look different, with a text changed.
test.describe.configure({ mode: 'serial' });

const OLD_THEME = 'name="theme-color" content="#0b1020"';
const NEW_THEME = 'name="theme-color" content="#101828"';
const OLD_TITLE = 'AI Services Built for Small Teams';
const NEW_TITLE = 'AI Services Composed Across Versions';
const REMOTES = ['mfe-marketing', 'mfe-community', 'mfe-commerce', 'mfe-admin'] as const;

let server: RunningServer;
let commands: ReturnType<typeof releaseCommands>;
let scratch: string;
/** The shell releases the first test made: the build (v1) and the changed page (v2). */
const shells: { v1?: string; v2?: string } = {};

test.beforeAll(async () => {
  test.setTimeout(180_000); // a fresh embedded database on a busy machine
  server = await startServer();
  commands = releaseCommands({ DATA_DIR: server.dataDir });
  scratch = await mkdtemp(path.join(tmpdir(), 'shell-release-'));
});

test.afterAll(async () => {
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const html = async (pathname = '/') => (await fetch(server.url + pathname)).text();
const releaseFolder = (remote: string, version: string) => path.join(server.dataDir, 'releases', remote, version);

/** The server-rendered home page names `text` within a second of a switch. */
const servedWithin1s = (text: string) => expect.poll(() => html(), { timeout: 1_000, intervals: [50] }).toContain(text);

/** Every front-end file a page asks for, by path. */
function filesOf(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === server.url && /\.(js|css)$/.test(url.pathname)) files.push(url.pathname);
  });
  return files;
}

/** A new visitor's smoke run: the home page rendered and live with no error, a service page, the community page. */
async function smoke(browser: Browser, expected: { title: string; shell: string }): Promise<string[]> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const files = filesOf(page);
  await page.goto(server.url + '/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live', { timeout: 30_000 });
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 2, name: /^AI Services/ })).toHaveText(expected.title);
  await page.locator('#services').getByRole('article').nth(1).getByRole('link', { name: /^Learn More/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agentic AI Workflows');
  await page.getByRole('banner').getByRole('link', { name: 'Community', exact: true }).first().click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
  expect(files.filter((file) => file.startsWith('/releases/shell/') && !file.startsWith(`/releases/shell/${expected.shell}/`))).toEqual([]);
  await page.close();
  return files;
}

test('the shell is released, rolled back, and refused when it breaks, while open pages keep their shell', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(600_000); // one production build of the shell on a shared machine
  const { pnpm, switched } = commands;
  // The shell's own build is live before any release, kept as its release zero.
  await expect.poll(() => html()).toMatch(/data-src="[^"]*\/main\./);
  const zero = await commands.startedWith('shell');

  // Version 1: built for its own folder, checked against the live remotes, switched.
  const v1 = await switched('release', 'shell');
  await servedWithin1s(`/releases/shell/${v1}/main.`);
  expect(shellVersionIn(await html('/services/ai-chatbots'))).toBe(v1);

  // A visitor opens the home page on version 1 and keeps it open.
  const files = filesOf(page);
  await page.goto(server.url + '/');
  await pageSettled(page);

  // Version 2: version 1's files with a changed page (no build), given their own folder.
  const changed = path.join(scratch, 'shell-v2');
  expect(await copyChanged(releaseFolder('shell', v1), changed, /^index\.html$/, [[OLD_THEME, NEW_THEME]])).toBe(1);
  const v2 = await switched('release', 'shell', '--from', changed);
  Object.assign(shells, { v1, v2 });
  await servedWithin1s(`/releases/shell/${v2}/main.`);
  const page2 = await html();
  expect(page2).toContain(NEW_THEME);
  // Its files name their own folder, never version 1's.
  expect(await readFile(path.join(releaseFolder('shell', v2), 'index.html'), 'utf8')).not.toContain(v1);
  const v2Files = await smoke(browser, { title: OLD_TITLE, shell: v2 });
  expect(v2Files.some((file) => file.startsWith(`/releases/shell/${v2}/main.`))).toBe(true);

  // The page opened on version 1 still navigates, with version 1's files.
  await page.locator('#services').getByRole('article').nth(1).getByRole('link', { name: /^Learn More/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agentic AI Workflows');
  const shellFiles = files.filter((file) => file.startsWith('/releases/shell/'));
  expect(shellFiles.length).toBeGreaterThan(0);
  expect(shellFiles.filter((file) => !file.startsWith(`/releases/shell/${v1}/`))).toEqual([]);
  expect(consoleErrors).toEqual([]);
  const chunk = await fetch(server.url + shellFiles[0]!);
  expect(chunk.status).toBe(200);
  expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  // Rollback: version 1 again, without a build.
  expect(await switched('rollback', 'shell')).toBe(v1);
  await servedWithin1s(`/releases/shell/${v1}/main.`);
  expect(await html()).toContain(OLD_THEME);

  // Refused, and version 1 stays live: a build made for the site's root, a layout that throws, a React of another major.
  const rootBuild = await pnpm('release', 'shell', '--from', path.join(repoRoot, 'shell', 'dist'));
  expect(rootBuild.code).not.toBe(0);
  expect(rootBuild.stderr).toMatch(/^Refused: the shell in .* is built for \/, not for a release/m);

  const throwing = path.join(scratch, 'shell-throwing');
  expect(await copyChanged(releaseFolder('shell', v1), throwing, /\.js$/, [['children: "Skip to content"', 'children: (() => { throw new Error("a broken layout"); })()']])).toBe(1);
  const broken = await pnpm('release', 'shell', '--from', throwing);
  expect(broken.code).not.toBe(0);
  expect(broken.stderr).toContain('Refused: / does not render on the server: a broken layout');

  const otherReact = path.join(scratch, 'shell-react-18');
  await copyChanged(releaseFolder('shell', v1), otherReact, /^mf-manifest\.json$/, [['"version": "19.', '"version": "18.']]);
  const refused = await pnpm('release', 'shell', '--from', otherReact);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toMatch(/^Refused: .*\bmfe-marketing: react 19\.\d+\.\d+ is not compatible with the shell's 18\.\d+\.\d+ \(another major version\)/m);

  const lines = (await pnpm('releases', 'shell')).stdout.trim().split('\n');
  expect(lines).toHaveLength(3);
  expect(lines.at(-1)).toMatch(new RegExp(`^${zero}\\t`));
  expect(lines.find((line) => line.endsWith('\tlive'))).toMatch(new RegExp(`^${v1}\\t`));
  expect(shellVersionIn(await html())).toBe(v1);
});

test('skew matrix: the previous shell composes the current remotes, the current shell the previous remotes, and open pages keep theirs', async ({ browser }) => {
  test.setTimeout(600_000);
  const { switched } = commands;
  const { v1, v2 } = shells;
  // Each remote's previous release is its build; its current one a copy of it (marketing's with a changed title).
  const previous: Record<string, string> = {};
  const current: Record<string, string> = {};
  for (const remote of REMOTES) previous[remote] = await switched('release', remote, '--from', path.join(repoRoot, remote, 'dist'));
  for (const remote of REMOTES) {
    const copy = path.join(scratch, `${remote}-current`);
    await copyChanged(path.join(repoRoot, remote, 'dist'), copy, /\.js$/, remote === 'mfe-marketing' ? [[OLD_TITLE, NEW_TITLE]] : []);
    current[remote] = await switched('release', remote, '--from', copy);
  }

  // The previous shell (version 1, live since the rollback) with the current remotes.
  await expect.poll(() => html()).toContain(`${NEW_TITLE}</h2>`);
  const files = await smoke(browser, { title: NEW_TITLE, shell: v1! });
  expect(files.filter((file) => file.startsWith('/releases/mfe-marketing/')).every((file) => file.startsWith(`/releases/mfe-marketing/${current['mfe-marketing']}/`))).toBe(true);

  // A page opened now keeps the previous shell and the current remotes until it is reloaded.
  const open = await browser.newPage();
  const openFiles = filesOf(open);
  await open.goto(server.url + '/');
  await pageSettled(open);

  // The current shell (version 2's files again) with the previous release of every remote.
  const v3 = await switched('release', 'shell', '--from', path.join(server.dataDir, 'releases', 'shell', v2!));
  for (const remote of REMOTES) expect(await switched('rollback', remote)).toBe(previous[remote]);
  // Every server container changed at once: the first render loads them all (a single switch is timed in the test above).
  await expect.poll(() => html()).toContain(`/releases/shell/${v3}/main.`);
  await expect.poll(() => html()).toContain(`${OLD_TITLE}</h2>`);
  const remotesJson = (await (await fetch(server.url + '/remotes.json')).json()) as Record<string, string>;
  expect(remotesJson.mfe_marketing).toBe(`/releases/mfe-marketing/${previous['mfe-marketing']}/remoteEntry.js`);
  await smoke(browser, { title: OLD_TITLE, shell: v3 });

  // The open page goes on with what it started with: shell version 1, marketing's current release.
  await open.locator('#services').getByRole('article').nth(2).getByRole('link', { name: /^Learn More/ }).click();
  await expect(open.getByRole('heading', { level: 1 })).toBeVisible();
  await open.getByRole('banner').getByRole('link', { name: 'Community', exact: true }).first().click();
  await expect(open).toHaveURL(/\/community$/);
  const since = openFiles.length;
  await open.goto(server.url + '/');
  await pageSettled(open);
  expect(openFiles.slice(0, since).filter((file) => /^\/releases\/(shell|mfe-marketing)\//.test(file) && !file.includes(`/${v1}/`) && !file.includes(`/${current['mfe-marketing']}/`))).toEqual([]);
  // Reloaded, it takes the live versions.
  expect(openFiles.slice(since).some((file) => file.startsWith(`/releases/shell/${v3}/`))).toBe(true);
  await expect(open.getByRole('heading', { level: 2, name: /^AI Services/ })).toHaveText(OLD_TITLE);
  await open.close();
});
