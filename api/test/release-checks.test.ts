import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkManifests, ReleaseRefused } from '../src/modules/releases/checks';
import { releaseLockOf } from '../src/modules/releases/lock';
import { release, rollback, type ReleaseSite } from '../src/modules/releases/operations';
import { filePointers, versionOf } from '../src/modules/releases/store';
import { fileTrials } from '../src/modules/releases/trials';

// The manifest checks of a release and a rollback, the remote table they read, and the lock that
// keeps releases one at a time, on a site made of files (no build, no render).

const MARKETING = ['HomePage', 'ServicePage', 'PolicyPage', 'ContactPage'];
const manifest = (exposes: readonly string[], react = '19.3.1') => JSON.stringify({ shared: [{ name: 'react', version: react }], exposes: exposes.map((name) => ({ name })) });
const table = (marketing: readonly string[]) => JSON.stringify({ mfe_marketing: marketing.map((name) => `./${name}`) });

let webRoot: string;
let releasesDir: string;
let site: ReleaseSite;

async function files(folder: string, contents: Record<string, string>): Promise<string> {
  await mkdir(folder, { recursive: true });
  await Promise.all(Object.entries(contents).map(([name, text]) => writeFile(path.join(folder, name), text)));
  return folder;
}

/** A kept release of `remote` made at `hour` o'clock, with its files. */
async function kept(remote: string, hour: number, contents: Record<string, string>): Promise<string> {
  const version = versionOf(new Date(Date.UTC(2026, 10, 27, hour)), '0123456789abcdef');
  await files(path.join(releasesDir, remote, version), contents);
  return version;
}

const shellFiles = (remotes: Record<string, string>, extra: Record<string, string> = {}) => ({
  'index.html': '<!doctype html><div id="root"></div>',
  'remotes.json': JSON.stringify(remotes),
  'mf-manifest.json': manifest([]),
  ...extra,
});
const OWN_REMOTES = { mfe_marketing: '/remotes/mfe-marketing/remoteEntry.js' };

beforeEach(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'release-checks-'));
  releasesDir = path.join(webRoot, 'releases');
  await files(path.join(webRoot, 'shell', 'dist'), shellFiles(OWN_REMOTES));
  await files(path.join(webRoot, 'mfe-marketing', 'dist'), { 'remoteEntry.js': 'void 0;', 'mf-manifest.json': manifest(MARKETING) });
  site = { repoRoot: webRoot, webRoot, releasesDir, keep: 5, budgetMs: 1_000, pointers: filePointers(releasesDir), trials: fileTrials(releasesDir), lockWaitMs: 300 };
});
afterEach(() => rm(webRoot, { recursive: true, force: true }));

const check = (remote: string, folder: string, timeoutMs?: number) => checkManifests({ webRoot, releasesDir }, site.pointers, remote, folder, timeoutMs);

describe('the remote table a release is checked against', () => {
  it('checks a remote against the live shell’s table, not the api’s', async () => {
    const shell = await kept('shell', 1, shellFiles(OWN_REMOTES, { 'remote-table.json': table(['HomePage', 'NewsPage']) }));
    await site.pointers.write('shell', shell);
    // The live shell composes NewsPage, which the api's table does not know.
    const without = await files(path.join(webRoot, 'candidate-a'), { 'mf-manifest.json': manifest(MARKETING) });
    await expect(check('mfe-marketing', without)).rejects.toThrow(/^NewsPage is no longer exposed, and the site composes it$/);
    // And no longer composes ContactPage, which the api's table does.
    const fits = await files(path.join(webRoot, 'candidate-b'), { 'mf-manifest.json': manifest(['HomePage', 'NewsPage']) });
    await expect(check('mfe-marketing', fits)).resolves.toMatchObject({ shell: { version: shell } });
  });

  it('falls back to the api’s table for a shell built before shells wrote theirs', async () => {
    const candidate = await files(path.join(webRoot, 'candidate'), { 'mf-manifest.json': manifest(['HomePage', 'ServicePage', 'PolicyPage']) });
    await expect(check('mfe-marketing', candidate)).rejects.toThrow(/^ContactPage is no longer exposed/);
  });

  it('checks a shell release against its own table (a new expose it composes)', async () => {
    const candidate = await files(path.join(webRoot, 'shell-candidate'), shellFiles(OWN_REMOTES, { 'remote-table.json': table([...MARKETING, 'NewsPage']) }));
    await expect(check('shell', candidate)).rejects.toThrow(/^mfe-marketing: NewsPage is no longer exposed, and the site composes it$/);
    await writeFile(path.join(candidate, 'remote-table.json'), table(MARKETING));
    await expect(check('shell', candidate)).resolves.toBeDefined();
  });
});

describe('remotes on another origin', () => {
  let server: Server;
  let origin: string;
  const answers = new Map<string, { status: number; body: string } | 'hang'>();
  beforeEach(async () => {
    server = createServer((request, response) => {
      const answer = answers.get(request.url ?? '');
      if (answer === 'hang') return; // never answers: the check's timeout ends it
      response.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' }).end(answer?.body ?? '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    answers.clear();
  });
  afterAll(() => answers.clear());

  const shellNaming = (entry: string) => files(path.join(webRoot, 'shell-candidate'), shellFiles({ ...OWN_REMOTES, mfe_community: entry }, { 'remote-table.json': JSON.stringify({ mfe_community: ['./CommunityPage'] }) }));

  it('fetches the manifest beside the entry and checks it', async () => {
    answers.set('/community/v2/mf-manifest.json', { status: 200, body: manifest(['CommunityPage'], '18.3.1') });
    const candidate = await shellNaming(`${origin}/community/v2/remoteEntry.js`);
    await expect(check('shell', candidate)).rejects.toThrow(/^mfe-community: react 18\.3\.1 is not compatible with the shell's 19\.3\.1/);
    answers.set('/community/v2/mf-manifest.json', { status: 200, body: manifest(['CommunityPage']) });
    await expect(check('shell', candidate)).resolves.toBeDefined();
  });

  it('refuses, naming the URL, when the manifest is missing or does not arrive in time', async () => {
    const candidate = await shellNaming(`${origin}/community/v3/remoteEntry.js`);
    const url = `${origin}/community/v3/mf-manifest.json`;
    await expect(check('shell', candidate)).rejects.toThrow(`${url} could not be read to check the remote it describes: HTTP 404`);
    answers.set('/community/v3/mf-manifest.json', 'hang');
    await expect(check('shell', candidate, 200)).rejects.toThrow(new RegExp(`^${url.replace(/[.?]/g, '\\$&')} could not be read`));
  });
});

describe('rollback', () => {
  it('refuses a remote’s earlier release that no longer fits the live shell, and changes nothing', async () => {
    const old = await kept('mfe-marketing', 1, { 'mf-manifest.json': manifest(MARKETING, '18.3.1') });
    const live = await kept('mfe-marketing', 2, { 'mf-manifest.json': manifest(MARKETING) });
    await site.pointers.write('mfe-marketing', live);
    const refused = rollback(site, 'mfe-marketing');
    await expect(refused).rejects.toThrow(ReleaseRefused);
    await expect(refused).rejects.toThrow(`mfe-marketing ${old} cannot be made live again: react 18.3.1 is not compatible with the shell's 19.3.1 (another major version)`);
    expect((await site.pointers.read('mfe-marketing'))?.version).toBe(live);
  });

  it('refuses an earlier shell that composes what a live remote no longer exposes, and rolls back one that fits', async () => {
    const old = await kept('shell', 1, shellFiles(OWN_REMOTES, { 'remote-table.json': table([...MARKETING, 'NewsPage']) }));
    const live = await kept('shell', 2, shellFiles(OWN_REMOTES, { 'remote-table.json': table(MARKETING) }));
    await site.pointers.write('shell', live);
    await expect(rollback(site, 'shell')).rejects.toThrow(`shell ${old} cannot be made live again: mfe-marketing: NewsPage is no longer exposed, and the site composes it`);
    expect((await site.pointers.read('shell'))?.version).toBe(live);
    await writeFile(path.join(releasesDir, 'shell', old, 'remote-table.json'), table(MARKETING));
    expect((await rollback(site, 'shell')).version).toBe(old);
  });
});

describe('one release at a time', () => {
  it('refuses a release or a rollback while another holds the lock, changing nothing, and goes ahead once it is let go', async () => {
    const old = await kept('mfe-marketing', 1, { 'mf-manifest.json': manifest(MARKETING) });
    const live = await kept('mfe-marketing', 2, { 'mf-manifest.json': manifest(MARKETING) });
    await site.pointers.write('mfe-marketing', live);
    // Another `pnpm release` (or the admin's rollback) under way.
    const unlock = await lock(releasesDir, { lockfilePath: releaseLockOf(releasesDir), realpath: false });
    const refused = rollback(site, 'mfe-marketing');
    await expect(refused).rejects.toThrow(/^another release of the site's front ends \(or a rollback\) is under way/);
    await expect(refused).rejects.toMatchObject({ code: 'release_under_way' });
    const build = await files(path.join(webRoot, 'build'), { 'remoteEntry.js': 'void 0;', 'mf-manifest.json': manifest(MARKETING) });
    await expect(release(site, 'mfe-marketing', { from: build })).rejects.toThrow(/is under way/);
    expect((await site.pointers.read('mfe-marketing'))?.version).toBe(live);
    // No candidate was even copied.
    expect((await readdir(path.join(releasesDir, 'mfe-marketing'))).sort()).toEqual([old, live, 'live.json'].sort());

    await unlock();
    expect((await rollback(site, 'mfe-marketing')).version).toBe(old);
  });
});
