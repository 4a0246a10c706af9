import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { until } from '@site/test-support/until';
import { loadConfig } from '../src/config';
import { healthListener } from '../src/modules/health/listener';
import { IN_PROCESS_READ } from '../src/plugins/pressure';
import { useTestApp } from './app';
import { testDatabases } from './databases';

const TOKEN = 'metrics-token-for-overload-tests';

describe('overload settings', () => {
  it('caps the requests admitted by default; the process-wide samples are left to the operator (decision 075)', () => {
    const config = loadConfig({});
    expect(config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS).toBe(0);
    expect(config.OVERLOAD_MAX_HEAP_MB).toBe(0);
    expect(config.OVERLOAD_MAX_RSS_MB).toBe(0);
    expect(config.OVERLOAD_MAX_IN_FLIGHT).toBe(50);
    expect(config.HEALTH_PORT).toBeUndefined();
    expect(config.OVERLOAD_RETRY_AFTER_SECONDS).toBe(5);
  });

  it('refuses a Retry-After under a second', () => {
    expect(() => loadConfig({ OVERLOAD_RETRY_AFTER_SECONDS: '0' })).toThrow(/OVERLOAD_RETRY_AFTER_SECONDS/);
  });
});

describe.each(testDatabases())('overload shedding on $name', (target) => {
  describe('with the default limits', () => {
    let app: FastifyInstance;
    useTestApp(target, (built) => (app = built));

    it('serves normally when nothing is under pressure', async () => {
      expect(app.isUnderPressure()).toBe(false);
      expect((await app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    });

    it('answers the probes, and nothing else, on the health port', async () => {
      const probes = healthListener(app);
      await new Promise<void>((resolve) => probes.listen(0, '127.0.0.1', resolve));
      try {
        const base = `http://127.0.0.1:${(probes.address() as AddressInfo).port}`;
        const ready = await fetch(`${base}/api/health/ready`);
        expect(ready.status).toBe(200);
        // The same route answers: the same body as on the site's own port.
        expect(await ready.json()).toEqual((await app.inject({ method: 'GET', url: '/api/health/ready' })).json());
        expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
        for (const path of ['/api/events', '/', '/api/health/readyz', '/api/admin/backup']) expect((await fetch(`${base}${path}`)).status, path).toBe(404);
        expect((await fetch(`${base}/api/health/ready`, { method: 'POST' })).status).toBe(404);
      } finally {
        await new Promise((resolve) => probes.close(resolve));
      }
    });
  });

  describe('with a heap limit the process is over', () => {
    let app: FastifyInstance;
    // A 1 MiB heap limit: the first sample puts the process under pressure, as a flood would.
    useTestApp(target, (built) => (app = built), { env: { OVERLOAD_MAX_HEAP_MB: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7', METRICS_TOKEN: TOKEN } });

    it('sheds a request at once with 503 and Retry-After in the site shape', async () => {
      await until(() => app.isUnderPressure(), 'the heap sample');
      const res = await app.inject({ method: 'GET', url: '/api/blogs/search?field=slug&value=anything' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('7');
      // Keep-alive is taken back: a client that retries at once pays for a new connection.
      expect(res.headers.connection).toBe('close');
      expect(res.json()).toEqual({ error: 'overloaded', message: 'The site is busy right now. Please try again in a few seconds.' });
    });

    it('still answers liveness and metrics, and readiness says under pressure', async () => {
      await until(() => app.isUnderPressure(), 'the heap sample');
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: 'under_pressure', message: 'This instance is overloaded.' });
      const metrics = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.statusCode).toBe(200);
    });
  });

  describe('with requests in flight at the limit', () => {
    let app: FastifyInstance;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    useTestApp(target, (built) => (app = built), {
      env: { OVERLOAD_MAX_IN_FLIGHT: '1' },
      extend: (instance) => instance.get('/api/__probe/slow', async () => held.then(() => ({ ok: true }))),
    });

    it('sheds what comes over the limit, answers what it admitted, and admits again once it is answered', async () => {
      const first = app.inject({ method: 'GET', url: '/api/__probe/slow' });
      await until(() => app.overload.inFlight === 1, 'the first request admitted');
      const second = await app.inject({ method: 'GET', url: '/api/events' });
      expect(second.statusCode).toBe(503);
      expect(second.headers['retry-after']).toBe('5');
      expect(second.headers.connection).toBe('close');
      expect(second.json()).toEqual({ error: 'overloaded', message: 'The site is busy right now. Please try again in a few seconds.' });
      // The api's reads of itself for a page it admitted are part of that page: answered, not counted.
      const inProcess = await app.inject({ method: 'GET', url: '/api/events', headers: { [IN_PROCESS_READ.header]: IN_PROCESS_READ.value } });
      expect(inProcess.statusCode).toBe(200);
      expect(app.overload.inFlight).toBe(1);
      // A client cannot pass for one.
      expect((await app.inject({ method: 'GET', url: '/api/events', headers: { [IN_PROCESS_READ.header]: 'guessed' } })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ error: 'under_pressure', message: 'This instance is overloaded.' });
      release();
      expect((await first).statusCode).toBe(200);
      expect(app.overload.inFlight).toBe(0);
      expect((await app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    });
  });

  describe('with a resident-memory limit the process is over', () => {
    let app: FastifyInstance;
    useTestApp(target, (built) => (app = built), { env: { OVERLOAD_MAX_RSS_MB: '1' } });

    it('sheds on resident memory too', async () => {
      await until(() => app.isUnderPressure(), 'the memory sample');
      const res = await app.inject({ method: 'GET', url: '/api/events' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    });
  });
});
