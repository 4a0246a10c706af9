import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, useTestApp } from './app';
import { testDatabases } from './databases';
import { BEHIND_PROXY, PASSWORD, fromIp, login, refresh, refreshCookieOf, register, uniqueName } from './accounts-helpers';

const NEW_PASSWORD = 'a brand new passphrase';

describe.each(testDatabases())('settings: own password and the admins list on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: BEHIND_PROXY });

  const change = (accessToken: string | undefined, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { ...fromIp(), ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
      payload,
    });

  it('needs a token and the right current password; a wrong one changes nothing and logs nothing', async () => {
    const { username } = await register(app);
    const { accessToken } = await login(app, username);
    expect((await change(undefined, { current_password: PASSWORD, new_password: NEW_PASSWORD })).statusCode).toBe(401);
    const before = (await app.audit.recent(1))[0]?.id;
    const wrong = await change(accessToken, { current_password: 'not my password', new_password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_current_password', message: 'Current password is incorrect.' });
    expect((await change(accessToken, { current_password: PASSWORD, new_password: 'short' })).statusCode).toBe(400);
    expect((await change(accessToken, { current_password: PASSWORD, new_password: NEW_PASSWORD, role: 'admin' })).statusCode).toBe(400);
    expect((await app.audit.recent(1))[0]?.id).toBe(before);
    await login(app, username, PASSWORD);
  });

  it('changes the password, ends every other session, keeps this browser signed in, and is audited', async () => {
    const { username, id } = await register(app);
    const elsewhere = await login(app, username);
    const here = await login(app, username);
    const res = await change(here.accessToken, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const fresh = refreshCookieOf(res)!;
    expect(fresh.path).toBe('/api/auth');
    expect(fresh.httpOnly).toBe(true);
    expect(typeof res.json().accessToken).toBe('string');

    // Old sessions (including a stolen refresh token) are over; the new cookie works.
    expect((await refresh(app, elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(app, here.refreshToken)).statusCode).toBe(401);
    expect((await refresh(app, fresh.value)).statusCode).toBe(200);
    await expect(login(app, username, PASSWORD)).rejects.toThrow(/401/);
    await login(app, username, NEW_PASSWORD);

    expect((await app.audit.recent(1))[0]).toMatchObject({
      actor_id: id,
      actor_username: username,
      action: 'password_change',
      entity: 'user',
      entity_id: id,
    });
  });

  it('lists the admins, read-only, to admins only', async () => {
    const username = uniqueName('boss');
    const { user } = await app.users.upsertAdmin({ username, email: `${username}@example.com`, password: PASSWORD });
    const { id: plainId } = await register(app);
    const res = await app.inject({ method: 'GET', url: '/api/admin/admins', headers: bearer(app, { sub: user.id, role: 'admin' }) });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; username: string; role: string; email: string }[];
    expect(items).toContainEqual(expect.objectContaining({ id: user.id, username, role: 'admin', email: `${username}@example.com` }));
    expect(items.every((item) => item.role === 'admin')).toBe(true);
    expect(items.some((item) => item.id === plainId)).toBe(false);
    expect(JSON.stringify(items)).not.toContain('password');
  });
});
