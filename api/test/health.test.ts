import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';

describe.each(testDatabases())('health and errors on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), {
    extend: (instance) => {
      instance.post('/api/__probe/echo', async (req) => req.body);
      instance.get('/api/__probe/crash', async () => {
        throw new Error('secret connection string postgres://user:hunter2@db');
      });
    },
  });

  it('answers liveness', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness after checking the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 in the error shape when the database is gone', async () => {
    const original = app.database.ping;
    app.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'database_unavailable', message: 'The database is not reachable.' });
    } finally {
      app.database.ping = original;
    }
  });

  it('answers 404 for an unknown /api path in the one error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No such resource: GET /api/does-not-exist' });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/__probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request' });
    expect(typeof res.json().message).toBe('string');
  });

  it('hides the internals of a server error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__probe/crash' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      error: 'internal_error',
      message: `Something went wrong on our side. Please try again. (reference ${body.requestId})`,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('sends the page security headers with a page, a 404 page included', async () => {
    for (const url of ['/', '/no-such-page']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends api answers, errors included, a policy under which nothing in them loads or runs', async () => {
    for (const url of ['/api/health/live', '/api/no-such-route', '/api/__probe/crash']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-site');
      // Document-only headers stay off JSON answers.
      expect(res.headers['referrer-policy'], url).toBeUndefined();
    }
  });

  it('publishes the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health/ready');
  });
});
