import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startNginx, type RunningNginx } from '@site/test-support/cluster';
import { until } from '@site/test-support/until';
import { storedSecret } from '../src/db/settings';
import { checkCanary, judgeCanary } from '../src/modules/vitals/canary-watch';
import { bucketCookieValue, previewCookieValue, readBucket, readPreview, sideOfBucket } from '../src/modules/releases/sides';
import type { Trial } from '../src/modules/releases/trials';
import { bearer, testAdminId, useTestApp, useTestInstances } from './app';
import { testDatabases } from './databases';
import { outbox } from './outbox';
import { fakeWebRoot, SHELL_HTML } from './ssr-helpers';

const KEY = 'a-key-for-the-tests-only-0123456789';

describe('the canary bucket cookie', () => {
  it('carries a bucket and its side, signed; a tampered or made-up value is ignored', () => {
    const value = bucketCookieValue(KEY, { bucket: 7, side: 'candidate' });
    expect(value).toMatch(/^c7\.[A-Za-z0-9_-]{22}$/);
    expect(readBucket(KEY, value)).toEqual({ bucket: 7, side: 'candidate' });
    expect(readBucket(KEY, bucketCookieValue(KEY, { bucket: 93, side: 'live' }))).toEqual({ bucket: 93, side: 'live' });
    // Another bucket or side under the same signature, another key's signature, nonsense: none counts.
    expect(readBucket(KEY, value.replace(/^c7/, 'c8'))).toBeNull();
    expect(readBucket(KEY, value.replace(/^c/, 'l'))).toBeNull();
    expect(readBucket('another-key-entirely-0123456789', value)).toBeNull();
    expect(readBucket(KEY, 'c7')).toBeNull();
    expect(readBucket(KEY, undefined)).toBeNull();
    expect(readBucket(KEY, `c700.${value.split('.')[1]}`)).toBeNull();
  });

  it('gives the candidate to the buckets below the share, so a larger share keeps those who had it', () => {
    expect(sideOfBucket(0, 20)).toBe('candidate');
    expect(sideOfBucket(19, 20)).toBe('candidate');
    expect(sideOfBucket(20, 20)).toBe('live');
    expect([...Array(100).keys()].filter((bucket) => sideOfBucket(bucket, 20) === 'candidate')).toHaveLength(20);
  });

  it('signs a preview for an account until it ends', () => {
    const id = randomUUID();
    const now = Date.now();
    const value = previewCookieValue(KEY, id, now);
    expect(readPreview(KEY, value, now + 1000)).toBe(id);
    expect(readPreview(KEY, value, now + 9 * 3_600_000)).toBeNull();
    expect(readPreview(KEY, value.replace(id, randomUUID()), now)).toBeNull();
  });
});

describe('the automatic rollback rule', () => {
  const rule = { margin: 0.05, minVisits: 20 };
  it('waits for the minimum of visits, however bad the candidate', () => {
    expect(judgeCanary({ visits: 19, errors: 19 }, { visits: 100, errors: 0 }, rule)).toEqual({ act: 'wait' });
  });
  it('keeps a candidate within the margin of the live release', () => {
    expect(judgeCanary({ visits: 20, errors: 1 }, { visits: 100, errors: 0 }, rule).act).toBe('keep');
    // As bad as the live one, plus the margin: kept.
    expect(judgeCanary({ visits: 20, errors: 3 }, { visits: 100, errors: 10 }, rule).act).toBe('keep');
  });
  it('rolls back a candidate over the margin, saying why', () => {
    const verdict = judgeCanary({ visits: 20, errors: 4 }, { visits: 100, errors: 10 }, rule);
    expect(verdict).toEqual({ act: 'rollback', reason: expect.stringContaining('20 % client errors per visit over 20 visits, against 10 % for the live release') });
    // A live release nobody visited meanwhile counts as error-free.
    expect(judgeCanary({ visits: 20, errors: 2 }, { visits: 0, errors: 0 }, rule).act).toBe('rollback');
  });
});

/** A releases folder with a candidate of the shell: its page says so, and its remotes.json names another marketing entry. */
function releasesWithCandidateShell(): { dir: string; version: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'trial-releases-'));
  const version = `20260101T000000000Z-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const folder = path.join(dir, 'shell', version);
  mkdirSync(path.join(folder, 'server'), { recursive: true });
  writeFileSync(path.join(folder, 'index.html'), SHELL_HTML.replace('</head>', '<meta name="release" content="candidate"></head>'));
  writeFileSync(
    path.join(folder, 'server', 'remoteEntry.js'),
    `const React = require('react');
function ServerApp({ location }) { return React.createElement('main', null, React.createElement('h1', null, 'Candidate ' + location)); }
module.exports = { shell: { init() {}, get() { return Promise.resolve(() => ({ ServerApp })); } } };`,
  );
  const remotes = Object.fromEntries(
    [
      ['mfe-marketing', 'mfe_marketing'],
      ['mfe-community', 'mfe_community'],
      ['mfe-commerce', 'mfe_commerce'],
      ['mfe-admin', 'mfe_admin'],
    ].map(([dir, name]) => [name, `/remotes/${dir}/remoteEntry.js${name === 'mfe_marketing' ? '?candidate' : ''}`]),
  );
  writeFileSync(path.join(folder, 'remotes.json'), JSON.stringify(remotes));
  return { dir, version };
}

const setCookies = (res: LightMyRequestResponse): string[] => {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
};
const cookieNamed = (res: LightMyRequestResponse, name: string) => setCookies(res).find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0];

describe.each(testDatabases())('releases on trial on $name', (target) => {
  const releases = releasesWithCandidateShell();
  let app: FastifyInstance;
  let key: string;
  useTestApp(
    target,
    async (built) => {
      app = built;
      key = await storedSecret(app.database.db, 'release_side_secret');
    },
    { webRoot: fakeWebRoot, env: { RELEASES_DIR: releases.dir } },
  );

  const trialOf = (kind: Trial['kind'], percent = 0): Trial => ({ remote: 'shell', version: releases.version, kind, percent, since: new Date().toISOString() });
  /** Starts a trial as `pnpm release` does (the store, not the api), and waits until pages are made with it. */
  const startTrial = async (trial: Trial | null) => {
    await app.releases.trials.write(trial);
    await until(async () => JSON.stringify((await app.deployment.current()).trial) === JSON.stringify(trial), 'the trial to be seen');
  };
  const page = (cookie?: string) => app.inject({ url: '/', headers: cookie ? { cookie } : {} });
  const remotesJson = async (cookie?: string) => (await app.inject({ url: '/remotes.json', headers: cookie ? { cookie } : {} })).json<Record<string, string>>();

  it('shows a preview to an admin who turned it on, checked on the server, and never to a visitor', async () => {
    await startTrial(trialOf('preview'));
    const admin = bearer(app, { sub: testAdminId(app), role: 'admin' });

    const visitor = await page();
    expect(visitor.body).toContain('Rendered /');
    expect(visitor.body).not.toContain('Candidate');
    expect(cookieNamed(visitor, 'site_bucket')).toBeUndefined();
    expect((await remotesJson()).mfe_marketing).toBe('/remotes/mfe-marketing/remoteEntry.js');

    // A visitor cannot turn it on; an admin can, and gets a signed cookie.
    expect((await app.inject({ method: 'PUT', url: '/api/admin/releases/preview', payload: { on: true } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/releases/preview', headers: bearer(app, { sub: testAdminId(app), role: 'user' }), payload: { on: true } })).statusCode).toBe(403);
    const on = await app.inject({ method: 'PUT', url: '/api/admin/releases/preview', headers: admin, payload: { on: true } });
    expect(on.statusCode).toBe(204);
    const preview = cookieNamed(on, 'site_preview')!;
    expect(preview).toBeDefined();

    const seen = await page(preview);
    expect(seen.body).toContain('Candidate /');
    expect(seen.body).toContain('<meta name="release" content="candidate">');
    expect(seen.headers['cache-control']).toBe('private, no-cache');
    expect((await remotesJson(preview)).mfe_marketing).toBe('/remotes/mfe-marketing/remoteEntry.js?candidate');
    const overview = await app.inject({ url: '/api/admin/releases', headers: { ...admin, cookie: preview } });
    expect(overview.json()).toMatchObject({ previewing: true, trial: { remote: 'shell', version: releases.version, kind: 'preview' } });

    // Kept for the candidate's side, the page still goes to the admin alone: a visitor right after gets the live one.
    expect((await page()).body).toContain('Rendered /');
    // Signed right but naming an account that is no admin's, or tampered: the live page.
    expect((await page(`site_preview=${previewCookieValue(key, randomUUID())}`)).body).toContain('Rendered /');
    expect((await page(`${preview}x`)).body).toContain('Rendered /');
    expect((await remotesJson(`site_preview=${previewCookieValue(key, randomUUID())}`)).mfe_marketing).toBe('/remotes/mfe-marketing/remoteEntry.js');

    // Turned off: the live page again.
    const off = await app.inject({ method: 'PUT', url: '/api/admin/releases/preview', headers: admin, payload: { on: false } });
    expect(cookieNamed(off, 'site_preview')).toBe('site_preview=');
    await startTrial(null);
    expect((await page(preview)).body).toContain('Rendered /');
  });

  it('splits visitors of a canary by a signed bucket, the same side in the page and remotes.json, pages kept per side', async () => {
    await startTrial(trialOf('canary', 50));
    const sides: Record<string, number> = { c: 0, l: 0 };
    for (let i = 0; i < 24; i++) {
      const first = await page();
      const cookie = cookieNamed(first, 'site_bucket')!;
      expect(cookie).toMatch(/^site_bucket=[cl]\d{1,2}\./);
      const { bucket, side } = readBucket(key, cookie.slice('site_bucket='.length))!;
      expect(side).toBe(sideOfBucket(bucket, 50));
      const candidate = side === 'candidate';
      sides[candidate ? 'c' : 'l'] = (sides[candidate ? 'c' : 'l'] ?? 0) + 1;
      expect(first.body).toContain(candidate ? 'Candidate /' : 'Rendered /');
      // Back again: the same side, from the kept page, with no new cookie.
      const again = await page(cookie);
      expect(again.body).toBe(first.body);
      expect(cookieNamed(again, 'site_bucket')).toBeUndefined();
      expect((await remotesJson(cookie)).mfe_marketing?.endsWith('?candidate')).toBe(candidate);
    }
    expect(sides.c).toBeGreaterThan(0);
    expect(sides.l).toBeGreaterThan(0);

    // A bucket cookie with a made-up signature, or a side it was not signed with, is ignored: a new one is drawn.
    const forged = await page(`site_bucket=c1.${'A'.repeat(22)}`);
    const redrawn = cookieNamed(forged, 'site_bucket')!;
    expect(redrawn).toBeDefined();
    expect(forged.body).toContain(readBucket(key, redrawn.slice('site_bucket='.length))!.side === 'candidate' ? 'Candidate /' : 'Rendered /');

    // A rollback ends the canary: everyone on the live page, the cookie cleared.
    const live = `site_bucket=${bucketCookieValue(key, { bucket: 3, side: 'candidate' })}`;
    expect((await page(live)).body).toContain('Candidate /');
    const done = await app.inject({ method: 'POST', url: '/api/admin/releases/shell/rollback', headers: bearer(app, { sub: testAdminId(app), role: 'admin' }) });
    expect(done.statusCode).toBe(200);
    expect(await app.releases.trials.read()).toBeNull();
    await until(async () => (await app.deployment.current()).trial === null, 'the canary to end');
    const after = await page(live);
    expect(after.body).toContain('Rendered /');
    expect(cookieNamed(after, 'site_bucket')).toBe('site_bucket=');
  });

  describe('behind the micro-cache (nginx)', () => {
    let nginx: RunningNginx;
    beforeAll(async () => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as { port: number };
      nginx = await startNginx([`127.0.0.1:${port}`]);
    });
    afterAll(() => nginx?.stop());

    it('keeps pages per side for visitors with the bucket cookie alone, and skips them for other cookies', async () => {
      await startTrial(trialOf('canary', 50));
      const candidate = `site_bucket=${bucketCookieValue(key, { bucket: 10, side: 'candidate' })}`;
      const live = `site_bucket=${bucketCookieValue(key, { bucket: 90, side: 'live' })}`;
      const get = async (cookie?: string) => {
        const res = await fetch(`${nginx.url}/community`, { headers: cookie ? { cookie } : {} });
        return { body: await res.text(), cache: res.headers.get('x-cache-status') };
      };
      // Alternating sides within the same seconds: each gets its own side's page, and is kept (a HIT comes).
      const seen: { side: string; body: string; cache: string | null }[] = [];
      await until(
        async () => {
          for (const [side, cookie] of [
            ['candidate', candidate],
            ['live', live],
          ] as const) {
            seen.push({ side, ...(await get(cookie)) });
          }
          return seen.some((s) => s.side === 'candidate' && s.cache === 'HIT') && seen.some((s) => s.side === 'live' && s.cache === 'HIT');
        },
        'pages of both sides kept',
      );
      for (const s of seen) expect(s.body).toContain(s.side === 'candidate' ? 'Candidate /community' : 'Rendered /community');
      // Another cookie beside the bucket: never from the micro-cache.
      const other = await get(`${candidate}; theme=dark`);
      expect(other.cache).toBe('BYPASS');
      expect(other.body).toContain('Candidate /community');
      await startTrial(null);
    });
  });
});

describe.each(testDatabases())('the automatic rollback on $name', (target) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'canary-releases-'));
  const version = `20260102T000000000Z-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  mkdirSync(path.join(dir, 'mfe-marketing', version), { recursive: true });
  let app: FastifyInstance;
  let other: FastifyInstance;
  const env = { RELEASES_DIR: dir, VITALS_FLUSH_MS: '3600000', CANARY_MIN_VISITS: '10', CANARY_ERROR_MARGIN: '0.1' };
  // A second instance on the same database and releases, as behind a load balancer.
  useTestInstances(target, [{ env }, { env: { ...env, JOBS_WORKER: '0' }, ownConnection: true }], ([first, second]) => {
    app = first!;
    other = second!;
  });

  const canary = (): Trial => ({ remote: 'mfe-marketing', version, kind: 'canary', percent: 20, since: new Date().toISOString() });
  /** Page views as beacons report them: `errors` of them with one client error put down to mfe-marketing. */
  const visits = async (on: string, count: number, errors: number) => {
    await app.vitals.record(
      Array.from({ length: count }, (_v, i) => ({ route: '/', remotes: { shell: 'build', 'mfe-marketing': on }, signals: {}, errors: { 'mfe-marketing': i < errors ? 1 : 0 } })),
    );
    await app.vitals.flush();
  };

  it('waits below the minimum of visits, keeps a canary within the margin, and rolls back one over it on every instance, audited and e-mailed', async () => {
    await app.releases.trials.write(canary());
    await until(async () => (await other.releases.trial())?.version === version, 'the other instance to see the canary', 2_000);
    // Live: 1 error in 20 visits (5 %). The candidate: 9 visits, all failing: too few to judge.
    await visits('build', 20, 1);
    await visits(version, 9, 9);
    expect(await checkCanary(app)).toBeNull();
    expect((await app.releases.trials.read())?.ended).toBeUndefined();

    // 11 visits, 1 failing (9 %): within 10 points of the live 5 %.
    await app.releases.trials.write(null);
    await app.database.db.execute(sql`DELETE FROM web_vitals WHERE version = ${version}`);
    await app.releases.trials.write(canary());
    await visits(version, 11, 1);
    expect(await checkCanary(app)).toBeNull();
    expect((await app.releases.trials.read())?.ended).toBeUndefined();

    // 4 more failing visits: 5 in 15 (33 %), over the live 5 % by more than 10 points. The flush judges it by itself.
    await visits(version, 4, 4);
    await until(async () => Boolean((await app.releases.trials.read())?.ended), 'the canary to be rolled back');
    const ended = (await app.releases.trials.read())!;
    expect(ended.ended!.reason).toContain('33.3 % client errors per visit over 15 visits, against 5 % for the live release (20 visits)');
    expect(await app.releases.trial()).toBeNull();

    const audit = await app.inject({ url: '/api/admin/activity', headers: bearer(app, { sub: testAdminId(app), role: 'admin' }) });
    expect(audit.body).toContain(`mfe-marketing canary of ${version} rolled back automatically`);
    expect(audit.body).toContain('"actor_username":"automatic"');
    await until(async () => (await outbox(app)).some((mail) => mail.includes('The canary of mfe-marketing was rolled back')), 'the admins to be told');
    const overview = (await app.inject({ url: '/api/admin/releases', headers: bearer(app, { sub: testAdminId(app), role: 'admin' }) })).json<{ trial: Trial }>();
    expect(overview.trial.ended?.reason).toContain('33.3 %');

    // Every instance stops giving the candidate: the other one sees the end within its next look.
    await until(async () => (await other.releases.trial()) === null, 'the other instance to see the rollback', 2_000);
    // Judged again (another instance, the next flush): nothing more happens.
    expect(await checkCanary(other)).toBeNull();
    expect(await checkCanary(app)).toBeNull();
  });
});
