import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { repoRoot, startServer, type RunningServer } from '@site/test-support/server';
import { releaseCommands, startedWith } from '../support/releases';

// Releases on trial (decision 058) on a server of its own (its own DATA_DIR and releases). The
// candidates are the current marketing build, altered: no build runs.
test.describe.configure({ mode: 'serial' });
const ADMIN = { username: 'trials-admin', email: 'trials-admin@example.com', password: 'trials-admin-password' };
const TITLE = 'AI Services Built for Small Teams';
const PREVIEW_TITLE = 'AI Services On Preview';
/** The canary's share, and the visits it is judged after (low, to keep the scenario short). */
const SHARE = 20;
const MIN_VISITS = 3;

let server: RunningServer;
let commands: ReturnType<typeof releaseCommands>;
let work: string;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a fresh embedded database on a busy machine
  server = await startServer({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    CANARY_MIN_VISITS: String(MIN_VISITS),
    VITALS_FLUSH_MS: '300',
  });
  commands = releaseCommands({ DATA_DIR: server.dataDir });
  work = await mkdtemp(path.join(tmpdir(), 'trial-builds-'));
});

test.afterEach(() => {
  const testInfo = test.info();
  // What the server said, for a failure's report (its render fallbacks name their cause).
  if (testInfo.status !== testInfo.expectedStatus) console.log(server.output().split('\n').filter((line) => /"level":(40|50)/.test(line)).slice(-20).join('\n'));
});

test.afterAll(async () => {
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A remote's build (marketing's unless named) copied to `name`, each replacement made in its scripts (the server's too, when asked). */
async function alteredBuild(name: string, replacements: [string, string][], { server: alsoServer, remote = 'mfe-marketing' }: { server: boolean; remote?: string }): Promise<string> {
  const target = path.join(work, name);
  await cp(path.join(repoRoot, remote, 'dist'), target, { recursive: true });
  let changed = 0;
  for (const entry of await readdir(target, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    if (!alsoServer && entry.parentPath.split(path.sep).includes('server')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    const next = replacements.reduce((result, [from, to]) => result.replaceAll(from, to), text);
    if (next === text) continue;
    await writeFile(file, next);
    // Their precompressed copies would still be the old text.
    await rm(`${file}.br`, { force: true });
    await rm(`${file}.gz`, { force: true });
    changed += 1;
  }
  expect(changed).toBeGreaterThan(0);
  return target;
}

interface AdminTrial {
  trial: { version: string; ended?: { at: string; reason: string } } | null;
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function trialNow(token: string): Promise<AdminTrial['trial']> {
  const res = await fetch(`${server.url}/api/admin/releases`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as AdminTrial).trial;
}

/** The admin, signed in in a browser of their own, with the preview the command's link names turned on. */
async function previewingAdmin(browser: Browser, link: string): Promise<Page> {
  const admin = await browser.newPage();
  await admin.goto(`${server.url}/login`);
  await admin.getByLabel('Username').fill(ADMIN.username);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(admin.getByText('Login successful')).toBeVisible();
  await admin.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
  await expect(admin.getByText('Your preview is on: the site shows you this release.')).toBeVisible({ timeout: 30_000 });
  return admin;
}

test('a preview is seen by the admin who opens its link, in the server HTML and the browser, and never by a visitor', async ({ browser }) => {
  test.setTimeout(240_000);
  await startedWith(commands.pnpm, 'mfe-marketing');
  const build = await alteredBuild('preview', [[TITLE, PREVIEW_TITLE]], { server: true });
  const released = await commands.pnpm('release', 'mfe-marketing', '--from', build, '--preview');
  expect(released.code, released.stderr).toBe(0);
  const [version, link] = released.stdout.trim().split('\n');
  expect(link).toMatch(/\/admin\/settings\?preview=mfe-marketing$/);

  // The admin signs in and opens the printed link (on this server): their preview is turned on.
  const admin = await previewingAdmin(browser, link!);

  // Its server HTML and its browser show the candidate.
  const adminHtml = await admin.request.get(`${server.url}/`);
  expect(await adminHtml.text()).toContain(`${PREVIEW_TITLE}</h2>`);
  expect(adminHtml.headers()['cache-control']).toBe('private, no-cache');
  // Asked again, the page comes from the server's page cache: still theirs alone.
  const again = await admin.request.get(`${server.url}/`);
  expect(await again.text()).toContain(`${PREVIEW_TITLE}</h2>`);
  expect(again.headers()['cache-control']).toBe('private, no-cache');
  await admin.goto(`${server.url}/`);
  await expect(admin.locator('html')).toHaveAttribute('data-app', 'live', { timeout: 30_000 });
  await expect(admin.getByRole('heading', { level: 2, name: PREVIEW_TITLE })).toBeVisible();
  expect(await admin.evaluate(() => fetch('/remotes.json').then((r) => r.text()))).toContain(version!);

  // A visitor: neither the server HTML nor the browser ever has it.
  expect(await (await fetch(`${server.url}/`)).text()).toContain(`${TITLE}</h2>`);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const candidateFiles: string[] = [];
  page.on('request', (request) => request.url().includes(version!) && candidateFiles.push(request.url()));
  await page.goto(`${server.url}/`);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
  expect(await page.content()).not.toContain(PREVIEW_TITLE);
  expect(candidateFiles).toEqual([]);
  await visitor.close();

  // Ended for the next scenario: the admin's page is the live one again.
  const ended = await commands.pnpm('rollback', 'mfe-marketing');
  expect(ended.code, ended.stderr).toBe(0);
  await expect.poll(async () => (await admin.request.get(`${server.url}/`)).text()).toContain(`${TITLE}</h2>`);
  await admin.close();
});

test('a preview of commerce gives the admin its booking section on the home page, rendered on the server, and visitors the live one', async ({ browser }) => {
  test.setTimeout(240_000);
  // The home page (marketing) composes commerce's booking section: on the server, each side of the
  // trial must compose it with its own federation instance, whichever rendered last.
  const heading = 'Book a Consultation';
  const candidateHeading = 'Book a Consultation On Preview';
  await startedWith(commands.pnpm, 'mfe-commerce');
  const build = await alteredBuild('commerce-preview', [[`"${heading}"`, `"${candidateHeading}"`]], { server: true, remote: 'mfe-commerce' });
  const released = await commands.pnpm('release', 'mfe-commerce', '--from', build, '--preview');
  expect(released.code, released.stderr).toBe(0);
  const [version, link] = released.stdout.trim().split('\n');
  const admin = await previewingAdmin(browser, link!);

  // Rendered alternately, each page rendered afresh (a catalogue change forgets both sides' pages):
  // each side keeps its own booking section, whichever side registered or rendered last.
  const token = await adminToken();
  const visitorHtml = async () => (await fetch(`${server.url}/`)).text();
  const adminHtml = async () => (await admin.request.get(`${server.url}/`)).text();
  for (let round = 0; round < 3; round++) {
    // [the admin's, a visitor's], rendered in turn: the admin's first in even rounds, the visitor's in odd ones.
    const renders = round % 2 === 0 ? [await adminHtml(), await visitorHtml()] : [await visitorHtml(), await adminHtml()].reverse();
    // Rendered on the server (the section's heading in the HTML), from the right side.
    expect(renders[0], `round ${round}, the admin`).toContain(`${candidateHeading}</h2>`);
    expect(renders[1], `round ${round}, a visitor`).toContain(`${heading}</h2>`);
    expect(renders[1], `round ${round}, a visitor`).not.toContain(candidateHeading);
    const added = await fetch(`${server.url}/api/admin/consultations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Trial workshop ${round + 1}`, description: 'Half a day with your team.', price: 3000, duration: 120, benefits: ['Notes afterwards'], position: 990 + round }),
    });
    expect(added.status, await added.text()).toBe(201);
  }
  await admin.goto(`${server.url}/`);
  await expect(admin.locator('html')).toHaveAttribute('data-app', 'live', { timeout: 30_000 });
  await expect(admin.getByRole('heading', { level: 2, name: candidateHeading })).toBeVisible();
  expect(await admin.evaluate(() => fetch('/remotes.json').then((r) => r.text()))).toContain(version!);

  const ended = await commands.pnpm('rollback', 'mfe-commerce');
  expect(ended.code, ended.stderr).toBe(0);
  await expect.poll(adminHtml).toContain(`${heading}</h2>`);
  await admin.close();
});

interface Visit {
  side: 'candidate' | 'live' | 'none';
  /** Whether the browser loaded any of the candidate's files. */
  loadedCandidate: boolean;
  at: number;
}

/** One visitor in a fresh browser context: the home page until its beacon code is in, then away (the beacon goes). */
async function visit(browser: Browser, version: string): Promise<Visit> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    let loadedCandidate = false;
    page.on('request', (request) => {
      if (request.url().includes(`/releases/mfe-marketing/${version}/`)) loadedCandidate = true;
    });
    await page.goto(`${server.url}/`);
    // The bucket the page was given (read before a rollback could clear it).
    const bucket = (await context.cookies(server.url)).find((cookie) => cookie.name === 'site_bucket')?.value;
    await expect(page.locator('html')).toHaveAttribute('data-vitals', 'on', { timeout: 30_000 });
    const at = Date.now();
    await page.goto('about:blank');
    const side = bucket === undefined ? 'none' : bucket.startsWith('c') ? 'candidate' : 'live';
    return { side, loadedCandidate, at };
  } finally {
    await context.close();
  }
}

test('a canary that fails in the browser is rolled back by itself, and no visitor outside its share got it', async ({ browser }) => {
  test.setTimeout(300_000);
  const token = await adminToken();
  const build = await alteredBuild('canary', [[`title:"${TITLE}"`, 'title:(()=>{throw new Error("a canary that fails in the browser")})()']], { server: false });
  const released = await commands.pnpm('release', 'mfe-marketing', '--from', build, '--canary', String(SHARE));
  expect(released.code, released.stderr).toBe(0);
  const version = released.stdout.trim().split('\n').at(-1)!;
  expect((await trialNow(token))?.version).toBe(version);

  const visits: Visit[] = [];
  let rolledBackAt: number | null = null;
  while (rolledBackAt === null && visits.length < 80) {
    visits.push(await visit(browser, version));
    const trial = await trialNow(token);
    if (trial?.ended) rolledBackAt = Date.parse(trial.ended.at);
  }
  if (rolledBackAt === null) {
    await expect.poll(async () => (await trialNow(token))?.ended?.at ?? null, { timeout: 15_000 }).not.toBeNull();
    rolledBackAt = Date.parse((await trialNow(token))!.ended!.at);
  }
  const onCanary = visits.filter((v) => v.side === 'candidate');
  expect(onCanary.length).toBeGreaterThanOrEqual(MIN_VISITS);
  // Sticky and signed per visitor: only the canary's share loaded it; everyone else got the live release.
  for (const v of visits) {
    if (v.side !== 'candidate') expect(v.loadedCandidate, JSON.stringify(v)).toBe(false);
    else if (v.at < rolledBackAt) expect(v.loadedCandidate, JSON.stringify(v)).toBe(true);
  }
  console.log(`canary: ${visits.length} visits, ${onCanary.length} on the candidate; rolled back ${((rolledBackAt - onCanary[0]!.at) / 1000).toFixed(1)} s after its first failing visit`);

  // Rolled back: a new visitor gets the live release, and no bucket cookie any more.
  const after = await visit(browser, version);
  expect(after).toMatchObject({ side: 'none', loadedCandidate: false });
});
