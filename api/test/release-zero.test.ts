import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES, remoteDir, remoteTable } from '@site/shared/remotes';
import { pointersOf } from '../src/modules/releases/pointers';
import { releaseLockOf } from '../src/modules/releases/lock';
import { filePointers, listReleases, RELEASABLE, versionOf } from '../src/modules/releases/store';
import { recordStartingBuilds } from '../src/modules/releases/zero';
import { bearer, buildTestApp, testAdminId, useTestInstances } from './app';
import { testDatabases } from './databases';
import { fakeWebRoot, SHELL_HTML } from './ssr-helpers';

// Release zero: the builds an instance is started with, kept as each front end's first release
// once (whatever the number of instances starting, or restarts), listed as live while they are
// what pages are made of, and restored by a rollback after the first release.

const SHARED = [{ name: 'react', version: '19.3.1' }];
const STARTED_WITH = (name: string) => `var ${name} = 'the build the site was started with';`;

/** The site's builds in miniature, as `pnpm build` leaves them: each with its manifest, the shell's made for the root. */
async function builtSite(): Promise<string> {
  const webRoot = await fakeWebRoot();
  await writeFile(path.join(webRoot, 'shell', 'dist', 'mf-manifest.json'), JSON.stringify({ shared: SHARED, exposes: [], metaData: { publicPath: '/' } }));
  const table = remoteTable();
  for (const name of REMOTE_NAMES) {
    const dist = path.join(webRoot, remoteDir(name), 'dist');
    const exposes = table[name].map((module) => ({ name: module.slice(2) }));
    await writeFile(path.join(dist, 'mf-manifest.json'), JSON.stringify({ shared: SHARED, exposes, metaData: { publicPath: 'auto' } }));
    await writeFile(path.join(dist, 'remoteEntry.js'), STARTED_WITH(name));
  }
  return webRoot;
}

const releaseJson = async (releasesDir: string, remote: string, version: string) =>
  JSON.parse(await readFile(path.join(releasesDir, remote, version, 'release.json'), 'utf8')) as { version: string; release_zero?: boolean };

describe.each(testDatabases())('release zero ($name)', (target) => {
  let apps: FastifyInstance[];
  let releasesDir: string;
  const scratch: string[] = [];
  const adminOf = (app: FastifyInstance) => bearer(app, { sub: testAdminId(app), role: 'admin' });
  const zeroOf = async (remote: string) => (await listReleases(releasesDir, remote)).at(-1)!.version;

  beforeAll(async () => {
    releasesDir = await mkdtemp(path.join(tmpdir(), 'release-zero-'));
  });
  afterAll(async () => {
    for (const dir of [releasesDir, ...scratch]) await rm(dir, { recursive: true, force: true });
  });
  // Two instances behind a load balancer, each with its own copy of the same builds, sharing RELEASES_DIR.
  const instance = () => ({ env: { RELEASES_DIR: releasesDir }, webRoot: builtSite, ownConnection: true });
  useTestInstances(target, () => [instance(), instance()], (built) => {
    apps = built;
  });

  it('keeps each front end’s starting build as its first release once, with two instances starting and after a restart', async () => {
    // Each instance recorded in the background once ready; this waits for those same runs.
    const started = await Promise.all(apps.map((app) => app.releases.recordStartingBuilds()));
    for (const remote of RELEASABLE) {
      expect(started.filter((result) => remote in result.recorded)).toHaveLength(1);
      const releases = await listReleases(releasesDir, remote);
      expect(releases).toHaveLength(1);
      expect(await releaseJson(releasesDir, remote, releases[0]!.version)).toMatchObject({ version: releases[0]!.version, release_zero: true });
    }
    expect(started.map((result) => result.failed)).toEqual([{}, {}]);
    expect(await readFile(path.join(releasesDir, 'mfe-marketing', await zeroOf('mfe-marketing'), 'remoteEntry.js'), 'utf8')).toBe(STARTED_WITH('mfe_marketing'));

    // Two instances starting at the same moment, each on its own connection: one record per front end.
    const raceDir = await mkdtemp(path.join(tmpdir(), 'release-zero-race-'));
    scratch.push(raceDir);
    const raced = await Promise.all(apps.map((app) => recordStartingBuilds({ webRoot: app.config.WEB_ROOT, releasesDir: raceDir, pointers: pointersOf(app.database, raceDir) })));
    for (const remote of RELEASABLE) {
      expect(raced.filter((result) => remote in result.recorded)).toHaveLength(1);
      expect(await listReleases(raceDir, remote)).toHaveLength(1);
    }

    // A restart on the same releases keeps nothing more.
    const restarted = await buildTestApp(apps[0]!.database, { env: { RELEASES_DIR: releasesDir }, webRoot: builtSite });
    try {
      expect(await restarted.releases.recordStartingBuilds()).toEqual({ recorded: {}, failed: {} });
    } finally {
      await restarted.close();
    }
    for (const remote of RELEASABLE) expect(await listReleases(releasesDir, remote)).toHaveLength(1);
  });

  it('counts the visits of pages made of the own build under release zero, the version listed as live', async () => {
    const [app] = apps as [FastifyInstance];
    const zero = await zeroOf('mfe-marketing');
    const beacon = await app.inject({
      method: 'POST',
      url: '/api/vitals',
      remoteAddress: '10.60.0.1',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ views: [{ route: '/', remotes: { 'mfe-marketing': 'build' }, lcp: 0.9 }] }),
    });
    expect(beacon.statusCode).toBe(204);
    const overview = await app.inject({ method: 'GET', url: '/api/admin/vitals', headers: adminOf(app) });
    const marketing = (overview.json().versions as { remote: string; version: string; visits: number }[]).filter((row) => row.remote === 'mfe-marketing');
    expect(marketing).toEqual([expect.objectContaining({ version: zero, visits: 1 })]);
  });

  it('lists release zero as live before any release, and a rollback after the first release restores it', async () => {
    const zero = await zeroOf('mfe-marketing');
    const marketingOf = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/admin/releases', headers: adminOf(app) })).json().remotes.find((entry: { remote: string }) => entry.remote === 'mfe-marketing');
    expect(await marketingOf(apps[0]!)).toMatchObject({ live: null, releases: [{ version: zero, live: true }] });
    const early = await apps[0]!.inject({ method: 'POST', url: '/api/admin/releases/mfe-marketing/rollback', headers: adminOf(apps[0]!) });
    expect(early.json()).toEqual({ error: 'no_earlier_release', message: `mfe-marketing has no release before ${zero}` });

    // The first release: another build, made live beside the first instance.
    const first = versionOf(new Date(Date.now() + 60_000), 'fedcba9876543210');
    const folder = path.join(releasesDir, 'mfe-marketing', first);
    await cp(path.join(releasesDir, 'mfe-marketing', zero), folder, { recursive: true });
    await writeFile(path.join(folder, 'remoteEntry.js'), "var mfe_marketing = 'the first release';");
    await apps[0]!.releases.pointers.write('mfe-marketing', first);
    const entryOn = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/remotes.json' })).json().mfe_marketing as string;
    expect(await entryOn(apps[1]!)).toBe(`/releases/mfe-marketing/${first}/remoteEntry.js`);

    // Rolled back from the other instance: release zero is live on both, its files the original build's.
    const rolledBack = await apps[1]!.inject({ method: 'POST', url: '/api/admin/releases/mfe-marketing/rollback', headers: adminOf(apps[1]!) });
    expect(rolledBack.json()).toMatchObject({ version: zero });
    for (const app of apps) expect(await entryOn(app)).toBe(`/releases/mfe-marketing/${zero}/remoteEntry.js`);
    expect((await apps[0]!.inject({ method: 'GET', url: `/releases/mfe-marketing/${zero}/remoteEntry.js` })).body).toBe(STARTED_WITH('mfe_marketing'));
    expect(await marketingOf(apps[0]!)).toMatchObject({
      live: { version: zero },
      releases: [
        { version: first, live: false },
        { version: zero, live: true },
      ],
    });
  });

  it('makes the shell’s release zero live from the root’s build, and refuses it once the root serves another', async () => {
    const [app] = apps as [FastifyInstance];
    const zero = await zeroOf('shell');
    const first = versionOf(new Date(Date.now() + 60_000), 'fedcba9876543210');
    const folder = path.join(releasesDir, 'shell', first);
    await cp(path.join(releasesDir, 'shell', zero), folder, { recursive: true });
    await writeFile(path.join(folder, 'index.html'), `<!doctype html><title>shell ${first}</title><div id="root"></div>`);
    await writeFile(path.join(folder, 'mf-manifest.json'), JSON.stringify({ shared: SHARED, exposes: [], metaData: { publicPath: `/releases/shell/${first}/` } }));
    const page = async () => (await app.inject({ method: 'GET', url: '/admin' })).body;
    await app.releases.pointers.write('shell', first);
    await expect.poll(page, { timeout: 2_000, interval: 50 }).toContain(`<title>shell ${first}</title>`);

    const rollback = () => app.inject({ method: 'POST', url: '/api/admin/releases/shell/rollback', headers: adminOf(app) });
    expect((await rollback()).json()).toMatchObject({ version: zero });
    // Its page and files are the root's, where they were built to be.
    expect(await app.releases.shell()).toEqual({ folder: path.join(app.config.WEB_ROOT, 'shell', 'dist'), path: '/', version: zero });
    await expect.poll(page, { timeout: 2_000, interval: 50 }).toContain('<title>Tiny Titans AI</title>');

    // A redeploy put another shell at the root: the one the site was started with is no longer there.
    await app.releases.pointers.write('shell', first);
    await writeFile(path.join(app.config.WEB_ROOT, 'shell', 'dist', 'index.html'), SHELL_HTML.replace('Tiny Titans AI', 'Tiny Titans AI, redeployed'));
    const refused = await rollback();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`shell ${zero} cannot be made live again: it is the build the site was started with, whose files are at the site's root, and the root now serves another build`);
    expect((await app.releases.pointers.read('shell'))?.version).toBe(first);
  });
});

describe('a start while a release is under way', () => {
  it('waits for the release lock and keeps release zero once it is let go; a closing instance stops waiting', async () => {
    const webRoot = await builtSite();
    const releasesDir = path.join(webRoot, 'releases');
    try {
      const site = { webRoot, releasesDir, pointers: filePointers(releasesDir), lockWaitMs: 100 };
      // Another `pnpm release` holds the lock.
      await mkdir(releasesDir);
      const unlock = await lock(releasesDir, { lockfilePath: releaseLockOf(releasesDir), realpath: false });
      const closing = new AbortController();
      let waits = 0;
      const given = recordStartingBuilds(site, { signal: closing.signal, retryMs: 20, onWait: () => (waits += 1) });
      await expect.poll(() => waits).toBeGreaterThan(0);
      closing.abort();
      const gaveUp = await given;
      expect(gaveUp.recorded).toEqual({});
      expect(Object.keys(gaveUp.failed)).toEqual([...RELEASABLE]);

      waits = 0;
      const waiting = recordStartingBuilds(site, { retryMs: 20, onWait: () => (waits += 1) });
      await expect.poll(() => waits).toBeGreaterThan(0);
      await unlock();
      const kept = await waiting;
      expect(Object.keys(kept.recorded)).toEqual([...RELEASABLE]);
      expect(kept.failed).toEqual({});
    } finally {
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
