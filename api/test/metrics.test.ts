import { randomUUID } from 'node:crypto';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { Histogram } from 'prom-client';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { useTestInstances } from './app';
import { testDatabases } from './databases';

const TOKEN = 'metrics-token-for-the-tests-0123';

describe.each(testDatabases())('metrics on $name', (target) => {
  let app: FastifyInstance;
  let bare: FastifyInstance;

  useTestInstances(
    target,
    // The second works no jobs: a message `app` is told to fail must not be sent by this one instead.
    [{ env: { METRICS_TOKEN: TOKEN } }, { env: { JOBS_WORKER: '0' } }],
    ([first, second]) => {
      app = first!;
      bare = second!;
    },
  );

  const scrape = async () => {
    const res = await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusTextFormat(res.body);
  };

  it('refuses a short METRICS_TOKEN at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await bare.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('asks for the token: none, another one or another scheme get 401', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await app.inject({ url: '/api/metrics', headers: authorization ? { authorization } : {} });
      expect([authorization, res.statusCode]).toEqual([authorization, 401]);
      expect(res.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('has the process defaults and request durations by route pattern, never the raw URL', async () => {
    const id = randomUUID();
    await app.inject({ url: '/api/health/live' });
    await app.inject({ url: `/api/orders/${id}` });
    await app.inject({ url: `/api/no-such-route-${id}` });
    const res = await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.body).not.toContain(id);
    const byName = new Map(parsePrometheusTextFormat(res.body).map((family) => [family.name, family]));
    expect(Number(byName.get('process_resident_memory_bytes')?.metrics[0]?.value)).toBeGreaterThan(0);
    expect(byName.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The text parser folds a histogram's series together when `le` is not the last label (as
    // prom-client writes them): the series' labels are read from the registry itself.
    const histogram = await (app.metrics.registry.getSingleMetric('http_request_duration_seconds') as Histogram).get();
    const counts = histogram.values.filter((v) => v.metricName === 'http_request_duration_seconds_count');
    const series = counts.map((v) => v.labels);
    expect(series).toContainEqual({ method: 'GET', route: '/api/health/live', status_code: '200' });
    expect(series).toContainEqual({ method: 'GET', route: '/api/orders/:id', status_code: '401' });
    expect(series).toContainEqual({ method: 'GET', route: '(unmatched)', status_code: '404' });
    expect(counts.find((v) => v.labels.route === '/api/health/live')?.value).toBeGreaterThanOrEqual(1);
    expect(res.body).toMatch(/^http_request_duration_seconds_count\{.*route="\/api\/health\/live".*\} \d+$/m);
  });

  it('counts cache hits and misses, and reads the queue at each scrape', async () => {
    const values = async () =>
      new Map((await scrape()).flatMap((family) => family.metrics.map((m) => [`${family.name}${JSON.stringify(m.labels ?? {})}`, Number(m.value)] as const)));
    // A public read: computed once (after a write forgot it), then answered from the cache.
    await app.publicCache.invalidate('events');
    const before = await values();
    const url = '/api/events?status=published';
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect((await app.inject({ url })).statusCode).toBe(200);
    // `bare` works no jobs and `app` is told not to send: the message waits in the queue.
    const send = vi.spyOn(app.mail, 'send').mockRejectedValue(new Error('mail server down'));
    try {
      await app.enqueueMail({ to: 'someone@example.com', subject: 'Queued', text: 'Waiting.' }, { key: `metrics:${randomUUID()}` });
      const after = await values();
      const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      expect(grew('site_cache_misses_total{"cache":"public"}')).toBe(1);
      expect(grew('site_cache_hits_total{"cache":"public"}')).toBe(1);
      expect(after.get('site_mails_pending{}')).toBeGreaterThanOrEqual(1);
      expect(after.get('site_job_queue_depth{}')).toBeGreaterThanOrEqual(after.get('site_mails_pending{}')!);
    } finally {
      send.mockRestore();
    }
  });

  it('counts a failed send and a paid order as the site reports them', async () => {
    app.metrics.orderPaid('consultation');
    app.metrics.serverRenderFallback('render_failed');
    const send = vi.spyOn(app.mail, 'send').mockRejectedValue(new Error('mail server down'));
    try {
      const failures = await app.metrics.mailFailures();
      await app.enqueueMail({ to: 'someone@example.com', subject: 'Fails', text: 'Refused.' }, { key: `metrics:${randomUUID()}` });
      await expect.poll(() => app.metrics.mailFailures(), { timeout: 20_000 }).toBeGreaterThan(failures);
    } finally {
      send.mockRestore();
    }
    const families = new Map((await scrape()).map((family) => [family.name, family]));
    expect(families.get('site_orders_paid_total')?.metrics).toContainEqual(expect.objectContaining({ labels: { kind: 'consultation' } }));
    expect(families.get('site_server_render_fallbacks_total')?.metrics).toContainEqual(expect.objectContaining({ labels: { reason: 'render_failed' } }));
  }, 30_000);
});
