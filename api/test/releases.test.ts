import { mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { compatibilityProblems, ReleaseRefused } from '../src/modules/releases/checks';
import type { FederationManifest } from '../src/modules/ssr/federation';
import { copyCandidate } from '../src/modules/releases/make';
import { assertShellBuiltForRelease } from '../src/modules/releases/shell';
import { filePointers, listReleases, liveRemotes, previousOf, pruneReleases, versionOf } from '../src/modules/releases/store';
import { pointersOf } from '../src/modules/releases/pointers';
import { remoteTable } from '@site/shared/remotes';
import { bearer, testAdminId, useTestApp } from './app';
import { testDatabases } from './databases';

const shellManifest: FederationManifest = {
  shared: [
    { name: 'react', version: '19.3.1' },
    { name: 'react-dom', version: '19.3.1' },
    { name: 'styled-components', version: '6.6.0' },
    { name: '@site/shared/session', version: '1.0.0' },
  ],
  exposes: [],
};
const marketingManifest = (shared: FederationManifest['shared'], exposes = ['HomePage', 'ServicePage', 'PolicyPage', 'ContactPage']): FederationManifest => ({
  shared,
  exposes: exposes.map((name) => ({ name })),
});

describe('release checks', () => {
  it('accepts a remote built against the shell’s majors', () => {
    expect(compatibilityProblems('mfe_marketing', marketingManifest([{ name: 'react', version: '19.0.0' }, { name: '@site/shared/session', version: '1.0.0' }]), shellManifest, remoteTable())).toEqual([]);
  });

  it('refuses a remote built against another React major, naming the package', () => {
    const problems = compatibilityProblems('mfe_marketing', marketingManifest([{ name: 'react/jsx-runtime', version: '18.3.1' }, { name: 'react', version: '18.3.1' }, { name: 'styled-components', version: '6.1.0' }]), shellManifest, remoteTable());
    expect(problems).toEqual(["react 18.3.1 is not compatible with the shell's 19.3.1 (another major version)"]);
  });

  it('refuses a remote built against another major of shared, whose exports it reads at run time from the shell', async () => {
    // shared's major counts its export changes (decision 066): the live shell's copy is the one every remote gets.
    const { version } = JSON.parse(await readFile(new URL('../../shared/package.json', import.meta.url), 'utf8')) as { version: string };
    const shell: FederationManifest = { ...shellManifest, shared: [{ name: '@site/shared/site-config', version }] };
    const before = `${Number(version.split('.')[0]) - 1}.4.0`;
    const problems = compatibilityProblems('mfe_marketing', marketingManifest([{ name: '@site/shared/site-config', version: before }, { name: '@site/shared/constants', version: before }]), shell, remoteTable());
    expect(problems).toEqual([`@site/shared ${before} is not compatible with the shell's ${version} (another major version)`]);
  });

  it('takes a shell built for a release folder, by the path its manifest names, and refuses one built for the site root', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'shell-candidate-'));
    const manifest = (publicPath: string) => JSON.stringify({ ...shellManifest, metaData: { publicPath } });
    try {
      await writeFile(path.join(folder, 'mf-manifest.json'), manifest('/releases/shell/00000000T000000000Z-shellrelease/'));
      await expect(assertShellBuiltForRelease(folder)).resolves.toBeUndefined();
      await writeFile(path.join(folder, 'mf-manifest.json'), manifest('/'));
      await expect(assertShellBuiltForRelease(folder)).rejects.toThrow('is built for /, not for a release');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a remote that no longer exposes a module the site composes', () => {
    const problems = compatibilityProblems('mfe_marketing', marketingManifest([], ['HomePage', 'ServicePage', 'PolicyPage']), shellManifest, remoteTable());
    expect(problems).toEqual(['ContactPage is no longer exposed, and the site composes it']);
  });
});

describe('release store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'releases-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const make = async (at: string) => {
    const version = versionOf(new Date(at), 'abcdef0123456789');
    await mkdir(path.join(dir, 'mfe-marketing', version), { recursive: true });
    return version;
  };

  it('names versions by time and content, lists them newest first, and rolls back to the one before the live one', async () => {
    const first = await make('2026-11-27T06:00:00.000Z');
    const second = await make('2026-11-27T07:00:00.000Z');
    expect(first).toBe('20261127T060000000Z-abcdef012345');
    // A build that never got its version is not a release.
    await mkdir(path.join(dir, 'mfe-marketing', '.candidate-x'));
    const releases = await listReleases(dir, 'mfe-marketing');
    expect(releases.map((release) => release.version)).toEqual([second, first]);
    expect(releases[1]!.created_at).toBe('2026-11-27T06:00:00.000Z');
    const pointers = filePointers(dir);
    expect(await pointers.read('mfe-marketing')).toBeNull();
    await pointers.write('mfe-marketing', second);
    expect((await pointers.read('mfe-marketing'))?.version).toBe(second);
    expect(previousOf(releases, second)?.version).toBe(first);
    expect(previousOf(releases, first)).toBeUndefined();
    // Written aside and renamed: no temporary file stays behind.
    expect((await readdir(path.join(dir, 'mfe-marketing'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a build that holds a symbolic link, and keeps nothing of it', async () => {
    const build = await mkdtemp(path.join(tmpdir(), 'release-build-'));
    await writeFile(path.join(build, 'remoteEntry.js'), 'void 0;');
    await symlink('/etc/passwd', path.join(build, 'notes.txt'));
    const before = await readdir(path.join(dir, 'mfe-marketing'));
    await expect(copyCandidate(dir, 'mfe-marketing', build)).rejects.toThrow(ReleaseRefused);
    expect(await readdir(path.join(dir, 'mfe-marketing'))).toEqual(before);
    await rm(build, { recursive: true, force: true });
  });

  it('keeps the newest releases and the live one', async () => {
    const pruneDir = await mkdtemp(path.join(tmpdir(), 'releases-'));
    const versions: string[] = [];
    for (let hour = 1; hour <= 8; hour++) {
      const version = versionOf(new Date(Date.UTC(2026, 10, 27, hour)), 'abcdef0123456789');
      await mkdir(path.join(pruneDir, 'mfe-marketing', version), { recursive: true });
      versions.push(version);
    }
    const pruned = await pruneReleases(pruneDir, 'mfe-marketing', 5, versions[0]!);
    expect(pruned).toEqual([versions[2], versions[1]]);
    expect((await listReleases(pruneDir, 'mfe-marketing')).map((release) => release.version)).toEqual([...versions.slice(3).reverse(), versions[0]]);
    await rm(pruneDir, { recursive: true, force: true });
  });
});

describe.each(testDatabases())('serving releases ($name)', (target) => {
  let app: FastifyInstance;
  let webRoot: string;
  let releasesDir: string;
  let version: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'web-root-'));
    releasesDir = path.join(webRoot, 'releases');
    const shell = path.join(webRoot, 'shell', 'dist');
    await mkdir(shell, { recursive: true });
    await writeFile(path.join(shell, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
    await writeFile(path.join(shell, 'remotes.json'), JSON.stringify({ mfe_marketing: '/remotes/mfe-marketing/remoteEntry.js', mfe_community: '/remotes/mfe-community/remoteEntry.js' }));
    // A rollback is checked against the live shell: releases and shells carry their manifests.
    await writeFile(path.join(shell, 'mf-manifest.json'), JSON.stringify(shellManifest));
    version = versionOf(new Date('2026-11-27T06:00:00.000Z'), '0123456789abcdef');
    await mkdir(path.join(releasesDir, 'mfe-marketing', version), { recursive: true });
    await writeFile(path.join(releasesDir, 'mfe-marketing', version, 'remoteEntry.js'), 'var mfe_marketing;');
    await writeFile(path.join(releasesDir, 'mfe-marketing', version, 'mf-manifest.json'), JSON.stringify(marketingManifest(shellManifest.shared)));
  });
  let admin: { authorization: string };
  // The web root is removed when the app closes.
  useTestApp(
    target,
    (built) => {
      app = built;
      admin = bearer(app, { sub: testAdminId(app), role: 'admin' });
    },
    () => ({ env: { RELEASES_DIR: releasesDir }, webRoot: async () => webRoot }),
  );

  it('names the live release in remotes.json, and the remote’s own build before any', async () => {
    const before = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(before.json()).toMatchObject({ mfe_marketing: '/remotes/mfe-marketing/remoteEntry.js' });
    await app.releases.pointers.write('mfe-marketing', version);
    const after = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(after.json()).toEqual({ mfe_marketing: `/releases/mfe-marketing/${version}/remoteEntry.js`, mfe_community: '/remotes/mfe-community/remoteEntry.js' });
    expect(await liveRemotes({ webRoot, releasesDir }, app.releases.pointers)).toEqual(after.json());
    // Published to another origin (RELEASES_BASE_URL), the release is named there.
    expect((await liveRemotes({ webRoot, releasesDir }, app.releases.pointers, 'https://cdn.example.com/releases/')).mfe_marketing).toBe(
      `https://cdn.example.com/releases/mfe-marketing/${version}/remoteEntry.js`,
    );
  });

  it('serves every file of a release as immutable, and never the pointer', async () => {
    const entry = await app.inject({ method: 'GET', url: `/releases/mfe-marketing/${version}/remoteEntry.js` });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/releases/mfe-marketing/live.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/releases/mfe-marketing/${version}/../live.json` })).statusCode).toBe(404);
  });

  it('lists each remote’s releases for an admin, and rolls back to the one before, audited', async () => {
    const older = versionOf(new Date('2026-11-27T05:00:00.000Z'), '0123456789abcdef');
    const oldest = versionOf(new Date('2026-11-27T04:00:00.000Z'), '0123456789abcdef');
    await mkdir(path.join(releasesDir, 'mfe-marketing', older), { recursive: true });
    await writeFile(path.join(releasesDir, 'mfe-marketing', older, 'mf-manifest.json'), JSON.stringify(marketingManifest(shellManifest.shared)));
    await writeFile(path.join(releasesDir, 'mfe-marketing', older, 'remoteEntry.js'), 'var mfe_marketing;');
    // Built against another React: never made live again.
    await mkdir(path.join(releasesDir, 'mfe-marketing', oldest), { recursive: true });
    await writeFile(path.join(releasesDir, 'mfe-marketing', oldest, 'mf-manifest.json'), JSON.stringify(marketingManifest([{ name: 'react', version: '18.3.1' }])));
    await app.releases.pointers.write('mfe-marketing', version);
    expect((await app.inject({ method: 'GET', url: '/api/admin/releases' })).statusCode).toBe(401);
    const user = bearer(app, { sub: 'someone', role: 'user' });
    expect((await app.inject({ method: 'POST', url: '/api/admin/releases/mfe-marketing/rollback', headers: user })).statusCode).toBe(403);

    const overview = await app.inject({ method: 'GET', url: '/api/admin/releases', headers: admin });
    expect(overview.statusCode).toBe(200);
    const marketing = overview.json().remotes.find((entry: { remote: string }) => entry.remote === 'mfe-marketing');
    expect(marketing.live.version).toBe(version);
    expect(marketing.releases).toEqual([
      { version, created_at: '2026-11-27T06:00:00.000Z', live: true },
      { version: older, created_at: '2026-11-27T05:00:00.000Z', live: false },
      { version: oldest, created_at: '2026-11-27T04:00:00.000Z', live: false },
    ]);

    const rolledBack = await app.inject({ method: 'POST', url: '/api/admin/releases/mfe-marketing/rollback', headers: admin });
    expect(rolledBack.statusCode).toBe(200);
    expect(rolledBack.json().version).toBe(older);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json().mfe_marketing).toBe(`/releases/mfe-marketing/${older}/remoteEntry.js`);
    const activity = await app.inject({ method: 'GET', url: '/api/admin/activity?limit=5', headers: admin });
    expect(JSON.stringify(activity.json())).toContain(`mfe-marketing ${older}`);

    const unfit = await app.inject({ method: 'POST', url: '/api/admin/releases/mfe-marketing/rollback', headers: admin });
    expect(unfit.statusCode).toBe(409);
    expect(unfit.json()).toEqual({
      error: 'release_refused',
      message: `mfe-marketing ${oldest} cannot be made live again: react 18.3.1 is not compatible with the shell's 19.3.1 (another major version)`,
    });
    expect((await app.releases.pointers.read('mfe-marketing'))?.version).toBe(older);
    await rm(path.join(releasesDir, 'mfe-marketing', oldest), { recursive: true });

    const none = await app.inject({ method: 'POST', url: '/api/admin/releases/mfe-marketing/rollback', headers: admin });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'no_earlier_release', message: `mfe-marketing has no release before ${older}` });
    expect((await app.inject({ method: 'POST', url: '/api/admin/releases/nope/rollback', headers: admin })).statusCode).toBe(400);
  });

  it('makes pages from the shell’s live release: its page, its remote list, and its files served as immutable', async () => {
    const shell = versionOf(new Date('2026-11-27T07:00:00.000Z'), 'fedcba9876543210');
    const folder = path.join(releasesDir, 'shell', shell);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'index.html'), `<!doctype html><title>shell ${shell}</title><div id="root"></div>`);
    await writeFile(path.join(folder, 'main.0123456789.js'), 'void 0;');
    await writeFile(path.join(folder, 'remotes.json'), JSON.stringify({ mfe_marketing: '/remotes/mfe-marketing/remoteEntry.js', mfe_community: 'https://community.example.com/remoteEntry.js' }));
    const page = async () => (await app.inject({ method: 'GET', url: '/admin' })).body;
    expect(await page()).not.toContain(shell);

    await app.releases.pointers.write('shell', shell);
    // The deployment looks again within half a second.
    await expect.poll(page, { timeout: 2_000, interval: 50 }).toContain(`<title>shell ${shell}</title>`);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json().mfe_community).toBe('https://community.example.com/remoteEntry.js');
    const file = await app.inject({ method: 'GET', url: `/releases/shell/${shell}/main.0123456789.js` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The page itself is the api's to answer (with its head and render), never the release's file.
    expect((await app.inject({ method: 'GET', url: `/releases/shell/${shell}/index.html` })).statusCode).toBe(404);
    const overview = await app.inject({ method: 'GET', url: '/api/admin/releases', headers: admin });
    expect(overview.json().remotes.find((entry: { remote: string }) => entry.remote === 'shell').live.version).toBe(shell);
  });

  it('keeps making pages from its own shell when the live shell release is not on this instance', async () => {
    const gone = versionOf(new Date('2026-11-27T08:00:00.000Z'), '0123456789abcdef');
    await app.releases.pointers.write('shell', gone);
    // RELEASES_DIR not shared, or the folder removed: the pages go on, from the instance's own build.
    const page = async () => {
      const res = await app.inject({ method: 'GET', url: '/admin' });
      return `${res.statusCode} ${res.body.includes('<title>shell ')}`;
    };
    await expect.poll(page, { timeout: 2_000, interval: 50 }).toBe('200 false');
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);
  });

  it('allows in the page CSP the origins the live remote list names', async () => {
    const shell = versionOf(new Date('2026-11-27T09:00:00.000Z'), 'fedcba9876543210');
    const folder = path.join(releasesDir, 'shell', shell);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'index.html'), `<!doctype html><title>shell ${shell}</title><div id="root"></div>`);
    await writeFile(path.join(folder, 'remotes.json'), JSON.stringify({ mfe_marketing: '/remotes/mfe-marketing/remoteEntry.js', mfe_community: 'https://cdn.example.test/mfe-community/v2/remoteEntry.js' }));
    const policy = async () => String((await app.inject({ method: 'GET', url: '/admin' })).headers['content-security-policy']);
    expect(await policy()).not.toContain('https://cdn.example.test');

    await app.releases.pointers.write('shell', shell);
    // The very page whose request finds the new list (its headers were set before it looked) carries its policy.
    await expect.poll(() => app.deployment.due, { timeout: 2_000, interval: 20 }).toBe(true);
    const csp = await policy();
    expect(csp).toMatch(/script-src [^;]*https:\/\/cdn\.example\.test[ ;]/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/cdn\.example\.test[ ;]/);
    expect(csp).not.toContain('live-remotes.invalid');
  });

  // PGlite is one process: its pointers are files, looked at by the deployment (above).
  if (target.name === 'postgres') it('on PostgreSQL, a pointer moved by another process is announced to this instance', async () => {
    let heard = 0;
    app.releases.onSwitch(() => (heard += 1));
    await mkdir(path.join(releasesDir, 'mfe-community', version), { recursive: true });
    await writeFile(path.join(releasesDir, 'mfe-community', version, 'remoteEntry.js'), 'var mfe_community;');
    // What `pnpm release` does from its own process: the row and the NOTIFY, heard on the listening connection.
    await pointersOf(app.database, releasesDir).write('mfe-community', version);
    await expect.poll(() => heard).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json().mfe_community).toBe(`/releases/mfe-community/${version}/remoteEntry.js`);
  });
});
