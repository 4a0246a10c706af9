import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, useTestApp, testAdminId } from './app';
import { testDatabases } from './databases';
import { BEHIND_PROXY, claimsOf, login, register } from './accounts-helpers';

describe.each(testDatabases())('access tokens end with their session on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { ...BEHIND_PROXY, JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789' } });

  const me = (accessToken: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });

  it('refuses the access token once its session is logged out', async () => {
    const user = await register(app);
    const { accessToken, refreshToken } = await login(app, user.username);
    expect(claimsOf(accessToken)).toHaveProperty('sid');
    // The username for the screens that say who is signed in (decision 068); sub stays the id.
    expect(claimsOf(accessToken)).toMatchObject({ name: user.username, sub: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await me(accessToken)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: refreshToken },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(accessToken)).statusCode).toBe(401);
  });

  it('ends the access tokens of other instances within the cache time too', async () => {
    const other = await buildTestApp(app.database, { env: { ...BEHIND_PROXY, JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789' } });
    try {
      const user = await register(app);
      const { accessToken, refreshToken } = await login(app, user.username);
      // The other instance has never seen this session: it asks the database.
      await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refresh_token: refreshToken } });
      expect((await other.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('checks the role of an admin in the database on every admin call', async () => {
    const user = await register(app);
    // A token claiming admin for an account that is not (or no longer) one.
    const forged = app.signAccessToken({ sub: user.id, role: 'admin', sid: claimsOf((await login(app, user.username)).accessToken).sid });
    const res = await app.inject({ method: 'POST', url: '/api/events', headers: { authorization: `Bearer ${forged}` }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/events', headers: bearer(app, { sub: testAdminId(app), role: 'admin' }), payload: {} })).statusCode).toBe(400);
  });

  it('refuses a correctly signed token without an expiry', async () => {
    const user = await register(app);
    const { accessToken } = await login(app, user.username);
    const { sub, role, sid } = claimsOf(accessToken) as { sub: string; role: string; sid: string };
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, role, sid, iat: Math.floor(Date.now() / 1000) })}`;
    const signature = createHmac('sha256', 'a-test-secret-that-is-long-enough-0123456789').update(unsigned).digest('base64url');
    expect((await me(`${unsigned}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses a validly signed token naming no session, or a session past its expiry', async () => {
    const user = await register(app);
    const unknown = app.signAccessToken({ sub: user.id, role: 'user', sid: randomUUID() });
    expect((await me(unknown)).statusCode).toBe(401);
    expect((await me(app.signAccessToken({ sub: user.id, role: 'user', sid: 'not-a-session' }))).statusCode).toBe(401);

    const { accessToken } = await login(app, user.username);
    expect((await me(accessToken)).statusCode).toBe(200);
    const { sid } = claimsOf(accessToken);
    await app.database.withSession((s) => s.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE family_id = $1", [sid]));
    // A fresh instance (no cached answer for this session) asks the database.
    const other = await buildTestApp(app.database, { env: { ...BEHIND_PROXY, JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789' } });
    try {
      expect((await other.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('marks answers to signed-in callers private and no-store, and every api answer Vary: Authorization', async () => {
    const user = await register(app);
    const { accessToken } = await login(app, user.username);
    const signedIn = await app.inject({ method: 'GET', url: '/api/blogs', headers: { authorization: `Bearer ${accessToken}` } });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(String(signedIn.headers.vary)).toMatch(/authorization/i);
    const search = await app.inject({ method: 'GET', url: '/api/events/search?field=title&value=x', headers: { authorization: `Bearer ${accessToken}` } });
    expect(search.headers['cache-control']).toBe('private, no-store');
    const anonymous = await app.inject({ method: 'GET', url: '/api/blogs' });
    expect(String(anonymous.headers.vary)).toMatch(/authorization/i);
    expect(anonymous.headers['cache-control']).not.toBe('private, no-store');
  });
});
