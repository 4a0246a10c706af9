import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, testAdminId, useTestApp } from './app';
import { testDatabases } from './databases';

describe.each(testDatabases())('access-token guards on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), {
    extend: (instance) => {
      instance.get('/api/__probe/user', { preHandler: instance.requireUser }, async (req) => ({ sub: req.user.sub }));
      instance.get('/api/__probe/admin', { preHandler: instance.requireAdmin }, async () => ({ ok: true }));
    },
  });

  it('refuses a call without a token with 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__probe/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Please sign in to continue.' });
  });

  it('accepts a valid token', async () => {
    const sub = randomUUID();
    const res = await app.inject({ method: 'GET', url: '/api/__probe/user', headers: bearer(app, { sub, role: 'user' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sub });
  });

  it('refuses a non-admin on an admin call with 403', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/__probe/admin',
      headers: bearer(app, { sub: randomUUID(), role: 'user' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
  });

  it('admits an admin', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/__probe/admin',
      headers: bearer(app, { sub: testAdminId(app), role: 'admin' }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses tokens signed with another algorithm or secret', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'x', role: 'admin' })).toString('base64url');
    const unsigned = `${header}.${payload}.`;
    const res = await app.inject({ method: 'GET', url: '/api/__probe/admin', headers: { authorization: `Bearer ${unsigned}` } });
    expect(res.statusCode).toBe(401);
    const [h] = app.signAccessToken({ sub: 'x', role: 'user', sid: 'x' }).split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: 'x', role: 'admin', exp: 9999999999 })).toString('base64url')}.${'A'.repeat(43)}`;
    const res2 = await app.inject({ method: 'GET', url: '/api/__probe/admin', headers: { authorization: `Bearer ${tampered}` } });
    expect(res2.statusCode).toBe(401);
  });

  it('keeps one generated signing secret in the database', async () => {
    const rows = await app.database.withSession((s) => s.query<{ n: number }>("SELECT count(*)::int AS n FROM app_settings WHERE key = 'jwt_secret'"));
    expect(rows[0]?.n).toBe(1);
  });
});
