import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { VITALS_RATE_LIMIT } from '../src/modules/vitals/routes';
import { useTestInstances } from './app';
import { testDatabases } from './databases';
import { adminHeaders } from './content-helpers';

const TOKEN = 'metrics-token-for-the-vitals-0123';
/** No timed flush: tallies are written when a scrape, the admin read or the test asks. */
const ENV = { METRICS_TOKEN: TOKEN, VITALS_FLUSH_MS: '3600000' };

/** A releases folder holding one kept release of mfe-marketing, so its version is one the site serves. */
function releasesWithOneVersion(): { dir: string; version: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitals-releases-'));
  const version = `20260101T000000000Z-${randomBytes(6).toString('hex')}`;
  mkdirSync(path.join(dir, 'mfe-marketing', version), { recursive: true });
  return { dir, version };
}

describe.each(testDatabases())("visitors' signals on $name", (target) => {
  const releases = releasesWithOneVersion();
  let app: FastifyInstance;
  let other: FastifyInstance;
  useTestInstances(
    target,
    () => [{ env: { ...ENV, RELEASES_DIR: releases.dir } }, { env: { ...ENV, RELEASES_DIR: releases.dir, JOBS_WORKER: '0' } }],
    ([first, second]) => {
      app = first!;
      other = second!;
    },
  );

  let address = 0;
  /** A beacon from an address of its own (the rate limit counts per address). */
  const send = (instance: FastifyInstance, payload: string, { from = `10.40.${Math.floor(++address / 250)}.${address % 250}`, type = 'text/plain;charset=UTF-8' } = {}) =>
    instance.inject({ method: 'POST', url: '/api/vitals', remoteAddress: from, headers: { 'content-type': type }, payload });

  const view = (extra: Record<string, unknown> = {}) => ({ route: '/', remotes: { shell: 'build', 'mfe-marketing': releases.version }, ...extra });

  const scrape = async () => {
    const res = await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('answers the sample rate, every visit by default', async () => {
    const res = await app.inject({ url: '/api/vitals/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sample_rate: 1 });
  });

  it('refuses bad beacons with a 4xx in the site\'s error shape, never a 5xx', async () => {
    const cases: [string, string, number, string?][] = [
      ['malformed JSON', '{"views": [', 400],
      ['not an object', '"hello"', 400],
      ['no views', JSON.stringify({ views: [] }), 400],
      ['an unknown field (a URL)', JSON.stringify({ views: [view({ url: 'https://example.com/secret' })] }), 400],
      ['a raw URL as route', JSON.stringify({ views: [view({ route: '/blog/my-post' })] }), 400, 'unknown_page'],
      ['an unknown remote', JSON.stringify({ views: [{ route: '/', remotes: { 'mfe-nope': 'build' } }] }), 400, 'unknown_page'],
      ['an unknown version', JSON.stringify({ views: [{ route: '/', remotes: { 'mfe-marketing': '20250101T000000000Z-0123456789ab' } }] }), 400, 'unknown_version'],
      ['errors of a remote not on the page', JSON.stringify({ views: [view({ errors: { 'mfe-admin': 1 } })] }), 400, 'unknown_page'],
      ['a negative LCP', JSON.stringify({ views: [view({ lcp: -1 })] }), 400],
      ['oversized', JSON.stringify({ views: [view({ route: 'x'.repeat(5000) })] }), 413],
    ];
    for (const [what, payload, status, error] of cases) {
      const res = await send(app, payload);
      expect([what, res.statusCode]).toEqual([what, status]);
      expect(res.json()).toMatchObject({ error: error ?? expect.any(String), message: expect.any(String) });
    }
    const wrongType = await send(app, JSON.stringify({ views: [view()] }), { type: 'application/x-www-form-urlencoded' });
    expect(wrongType.statusCode).toBe(415);
  });

  it('answers 429 to a flood from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= VITALS_RATE_LIMIT.max; i += 1) statuses.push((await send(app, '{"views": [', { from: '10.41.0.1' })).statusCode);
    expect(statuses.slice(0, VITALS_RATE_LIMIT.max).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back.
    expect((await send(app, JSON.stringify({ views: [{ route: '/', remotes: { shell: 'build' } }] }), { from: '10.41.0.2' })).statusCode).toBe(204);
  });

  it('adds good beacons from every instance up per version and route, in /api/metrics and the admin read', async () => {
    const route = '/blog/:slug';
    const remotes = { shell: 'build', 'mfe-community': 'build', 'mfe-marketing': releases.version };
    const good = { views: [{ route, remotes, lcp: 1.2, inp: 0.08, ttfb: 0.3, cls: 0.02 }, { route, remotes, lcp: 3.5, errors: { 'mfe-marketing': 2 } }] };
    expect((await send(app, JSON.stringify(good))).statusCode).toBe(204);
    // A second instance on the same database: its beacon counts in the same series.
    expect((await send(other, JSON.stringify({ views: [{ route, remotes, lcp: 0.4 }] }), { type: 'application/json' })).statusCode).toBe(204);
    await other.vitals.flush();

    const body = await scrape();
    const labels = `remote="mfe-marketing",version="${releases.version}",route="/blog/:slug"`;
    expect(body).toContain(`web_vitals_lcp_seconds_count{${labels}} 3`);
    expect(body).toContain(`web_vitals_lcp_seconds_bucket{${labels},le="0.5"} 1`);
    expect(body).toContain(`web_vitals_lcp_seconds_bucket{${labels},le="1.5"} 2`);
    expect(body).toContain(`web_vitals_lcp_seconds_bucket{${labels},le="+Inf"} 3`);
    expect(body).toContain(`web_vitals_inp_seconds_count{${labels}} 1`);
    expect(body).toContain(`web_vitals_ttfb_seconds_count{${labels}} 1`);
    expect(body).toContain(`web_vitals_cls_count{${labels}} 1`);
    expect(body).toContain(`client_errors_total{${labels}} 2`);
    expect(body).toContain(`web_vitals_visits_total{${labels}} 3`);
    const families = new Map(parsePrometheusTextFormat(body).map((family) => [family.name, family.type]));
    expect(families.get('web_vitals_lcp_seconds')).toBe('HISTOGRAM');
    expect(families.get('web_vitals_cls')).toBe('HISTOGRAM');
    expect(families.get('client_errors_total')).toBe('COUNTER');

    const admin = await app.inject({ url: '/api/admin/vitals', headers: adminHeaders(app) });
    expect(admin.statusCode).toBe(200);
    const line = (admin.json().versions as { remote: string; version: string }[]).find((row) => row.remote === 'mfe-marketing' && row.version === releases.version);
    expect(line).toMatchObject({ visits: 3, errors: 2 });
    expect((line as unknown as { lcp_p75: number }).lcp_p75).toBeGreaterThan(1);
    expect((await app.inject({ url: '/api/admin/vitals' })).statusCode).toBe(401);
  });

  it('reads a p75 of 0 where every visit reported 0, not a share of the first bucket', async () => {
    const views = [1, 2, 3, 4].map(() => ({ route: '/', remotes: { 'mfe-commerce': 'build' }, lcp: 0.4, cls: 0 }));
    expect((await send(app, JSON.stringify({ views }))).statusCode).toBe(204);
    const admin = await app.inject({ url: '/api/admin/vitals', headers: adminHeaders(app) });
    const line = (admin.json().versions as { remote: string; version: string; cls_p75: number; lcp_p75: number }[]).find((row) => row.remote === 'mfe-commerce' && row.version === 'build');
    // No page shifted: 0, where interpolating in the first bucket (up to 0.01) read 0.0075.
    expect(line).toMatchObject({ visits: 4, cls_p75: 0 });
    // Values in the first bucket that are not all 0 keep the estimate within it.
    expect(line!.lcp_p75).toBeGreaterThan(0);
    expect(line!.lcp_p75).toBeLessThanOrEqual(0.5);
  });

  it('folds buckets past their time into totals that never go down', async () => {
    const route = '/contact';
    const remotes = { 'mfe-marketing': releases.version };
    expect((await send(app, JSON.stringify({ views: [{ route, remotes, ttfb: 0.15 }] }))).statusCode).toBe(204);
    const labels = `remote="mfe-marketing",version="${releases.version}",route="/contact"`;
    expect(await scrape()).toContain(`web_vitals_visits_total{${labels}} 1`);
    // As if the hours kept had passed: the bucket is folded, the total unchanged.
    await app.vitals.prune(new Date(Date.now() + 49 * 3_600_000));
    expect((await send(app, JSON.stringify({ views: [{ route, remotes }] }))).statusCode).toBe(204);
    const body = await scrape();
    expect(body).toContain(`web_vitals_visits_total{${labels}} 2`);
    expect(body).toContain(`web_vitals_ttfb_seconds_count{${labels}} 1`);
  });
});
