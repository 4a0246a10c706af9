import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { pageSettled } from '../support/page-state';
import { repoRoot, startServer, type RunningServer } from '@site/test-support/server';

// These tests deploy a remote next to the current one and point remotes.json at it, as a deploy
// would. They run on a server of their own over a copy of the builds, so no other test ever sees
// the test deploys.
test.describe.configure({ mode: 'serial' });

const ADMIN = { username: 'redeploy-admin', email: 'redeploy-admin@example.com', password: 'redeploy-admin-password' };
let webRoot = '';
let server: RunningServer;
let remotesJson = '';
let original = '';
const deployed: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000); // copies ~30 MB of builds and starts a server
  webRoot = await mkdtemp(path.join(tmpdir(), 'web-root-'));
  for (const app of ['shell', 'mfe-marketing', 'mfe-community', 'mfe-commerce', 'mfe-admin', 'assistant-widget']) {
    await cp(path.join(repoRoot, app, 'dist'), path.join(webRoot, app, 'dist'), { recursive: true });
  }
  remotesJson = path.join(webRoot, 'shell', 'dist', 'remotes.json');
  server = await startServer({ WEB_ROOT: webRoot, ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});

test.afterAll(async () => {
  await server?.stop();
  await rm(webRoot, { recursive: true, force: true });
});

test.beforeEach(async () => {
  original = await readFile(remotesJson, 'utf8');
});

test.afterEach(async () => {
  await writeFile(remotesJson, original);
  await Promise.all(deployed.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A package made through this server's api by its admin. */
async function createPackage(name: string): Promise<{ slug: string }> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await fetch(`${server.url}/api/packages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ slug: `redeploy-${randomUUID().slice(0, 8)}`, name, price: 99, duration_days: 30, package_type: 'subscription' }),
  });
  if (!response.ok) throw new Error(`POST /api/packages: ${response.status} ${await response.text()}`);
  return (await response.json()) as { slug: string };
}

/**
 * Copies a remote's build to `/remotes/<remote>/<version>/` (served by the same server), lets
 * `change` rewrite its JavaScript, and names it in remotes.json.
 */
async function deploy(remote: string, federationName: string, change: (file: string, code: string) => string): Promise<void> {
  const dist = path.join(webRoot, remote, 'dist');
  const version = `v-${randomUUID().slice(0, 8)}`;
  const target = path.join(dist, version);
  deployed.push(target);
  // Through a temporary folder: a folder cannot be copied into itself.
  const staging = await mkdtemp(path.join(tmpdir(), 'deploy-'));
  await cp(dist, staging, {
    recursive: true,
    // Only this build's files: no earlier copy, and no precompressed file that would hide a change.
    filter: (source) => !/\/v-[0-9a-f]{8}(\/|$)/.test(source.slice(dist.length)) && !/\.(br|gz)$/.test(source),
  });
  await cp(staging, target, { recursive: true });
  await rm(staging, { recursive: true, force: true });
  for (const dir of [target, path.join(target, 'server')]) {
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.js')) continue;
      const file = path.join(dir, name);
      const code = await readFile(file, 'utf8');
      const changed = change(path.relative(target, file), code);
      if (changed !== code) await writeFile(file, changed);
    }
  }
  const remotes = JSON.parse(original) as Record<string, string>;
  remotes[federationName] = `/remotes/${remote}/${version}/remoteEntry.js`;
  await writeFile(remotesJson, JSON.stringify(remotes, null, 2));
}

test('a redeployed remote is rendered on the server in its new version without restarting the api', async ({ request, page, consoleErrors }) => {
  const before = await (await request.get(server.url + '/privacy')).text();
  expect(before).toContain('<h2>Your rights</h2>');

  // The new build renames a section of the page (in its browser and its server code alike); a
  // heading no other test reads, as other tests may visit the page while this build is live.
  await deploy('mfe-marketing', 'mfe_marketing', (_file, code) => code.replaceAll("'Your rights'", "'Your choices'").replaceAll('"Your rights"', '"Your choices"'));

  // The server looks at remotes.json again within half a second.
  await expect.poll(async () => (await request.get(server.url + '/privacy')).text()).toContain('<h2>Your choices</h2>');
  expect(await (await request.get(server.url + '/privacy')).text()).not.toContain('<h2>Your rights</h2>');

  // The browser hydrates the new server HTML with the new browser build.
  await page.goto(server.url + '/privacy');
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Your choices' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a remote whose server build is broken is rendered by the browser instead', async ({ request, page, consoleErrors }) => {
  const pkg = await createPackage('Bought in the browser');
  const served = await (await request.get(`${server.url}/packages/${pkg.slug}`)).text();
  expect(served).toContain('Bought in the browser');

  await deploy('mfe-commerce', 'mfe_commerce', (file, code) =>
    file === path.join('server', 'remoteEntry.js') ? 'throw new Error("a broken server build");' : code,
  );

  // The server answers the page without its body (once it has seen the deploy), for the browser to
  // render as before.
  await expect.poll(async () => (await request.get(`${server.url}/packages/${pkg.slug}`)).text()).toContain('<div id="root"></div>');
  const response = await request.get(`${server.url}/packages/${pkg.slug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<div id="root"></div>');
  // Its head is still the package's own (page-head module).
  expect(html).toContain('<meta property="og:title" content="Bought in the browser | Tiny Titans AI" />');

  await page.goto(`${server.url}/packages/${pkg.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bought in the browser' })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  // Other remotes' pages are still rendered on the server.
  expect(await (await request.get(server.url + '/privacy')).text()).toContain('<h1>Privacy Policy</h1>');
});
