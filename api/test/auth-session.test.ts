import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { BEHIND_PROXY, PASSWORD, claimsOf, fromIp, login, refresh, refreshCookieOf, register, uniqueName } from './accounts-helpers';
import { USERNAME_LIMITS } from '../src/modules/auth/rate-limits';

describe.each(testDatabases())('login, refresh and logout on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: BEHIND_PROXY });

  it('logs in with an access token and a strict, HttpOnly refresh cookie scoped to /api/auth', async () => {
    const user = await register(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: fromIp(), payload: { username: user.username.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(claimsOf(res.json().accessToken)).toMatchObject({ sub: user.id, role: 'user' });
    const cookie = refreshCookieOf(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie.secure).toBeFalsy();
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(me.json()).toMatchObject({ id: user.id, username: user.username, role: 'user' });
  });

  it('sets a readable session hint cookie for the whole site at login and refresh, and clears it at logout', async () => {
    const user = await register(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: fromIp(), payload: { username: user.username, password: PASSWORD } });
    const hintOf = (r: typeof res) => r.cookies.find((cookie) => cookie.name === 'has_session');
    const hint = hintOf(res)!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Strict' });
    expect(hint.httpOnly).toBeFalsy();
    expect(hint.expires?.getTime()).toBe(refreshCookieOf(res)!.expires?.getTime());
    const rotated = await refresh(app, refreshCookieOf(res)!.value);
    expect(hintOf(rotated)).toMatchObject({ value: '1', path: '/' });
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refresh_token: refreshCookieOf(rotated)!.value } });
    expect(hintOf(logout)).toMatchObject({ value: '', path: '/' });
    expect(hintOf(logout)!.expires!.getTime()).toBeLessThan(Date.now());
    const failed = await refresh(app, 'not-a-token');
    expect(hintOf(failed)).toMatchObject({ value: '' });
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const user = await register(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...fromIp(), 'x-forwarded-proto': 'https' }, payload: { username: user.username, password: PASSWORD } });
    expect(refreshCookieOf(res)?.secure).toBe(true);
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const user = await register(app);
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', headers: fromIp(), payload: { username: user.username, password: 'not the password' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/auth/login', headers: fromIp(), payload: { username: uniqueName('ghost'), password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(refreshCookieOf(wrong)).toBeUndefined();
  });

  it('rotates the refresh token: the new one works, the old one is single use', async () => {
    const user = await register(app);
    const first = await login(app, user.username);
    const rotated = await refresh(app, first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    expect(claimsOf(rotated.json().accessToken)).toMatchObject({ sub: user.id, role: 'user' });
    const second = refreshCookieOf(rotated)!.value;
    expect(second).not.toBe(first.refreshToken);
    expect((await refresh(app, second)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used token is presented again', async () => {
    const user = await register(app);
    const { refreshToken: stolen } = await login(app, user.username);
    const legit = refreshCookieOf(await refresh(app, stolen))!.value;
    const replay = await refresh(app, stolen);
    expect(replay.statusCode).toBe(401);
    // The legitimate holder's newer token is dead too: the session is over for everyone.
    expect((await refresh(app, legit)).statusCode).toBe(401);
  });

  it('keeps other sessions of the same user when one family is revoked', async () => {
    const user = await register(app);
    const a = await login(app, user.username);
    const b = await login(app, user.username);
    await refresh(app, a.refreshToken);
    await refresh(app, a.refreshToken);
    expect((await refresh(app, b.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an expired family (absolute lifetime)', async () => {
    const user = await register(app);
    const { refreshToken } = await login(app, user.username);
    await app.database.withSession((s) => s.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]));
    expect((await refresh(app, refreshToken)).statusCode).toBe(401);
  });

  it('answers 401 without a cookie and for an unknown token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    const res = await refresh(app, 'made-up-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('refuses cross-site refresh and logout', async () => {
    const user = await register(app);
    const { refreshToken } = await login(app, user.username);
    expect((await refresh(app, refreshToken, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await refresh(app, refreshToken, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refresh_token: refreshToken }, headers: { origin: 'https://evil.example' } });
    expect(logout.statusCode).toBe(403);
    // Nothing was consumed by the refused calls; the site's own origin is accepted.
    expect((await refresh(app, refreshToken, { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('logs out: the token is revoked server-side and the cookie cleared', async () => {
    const user = await register(app);
    const { refreshToken } = await login(app, user.username);
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refresh_token: refreshToken } });
    expect(res.statusCode).toBe(204);
    const cleared = refreshCookieOf(res)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect((await refresh(app, refreshToken)).statusCode).toBe(401);
  });

  it('limits login attempts per username and address, with Retry-After, without locking the owner out', async () => {
    const user = await register(app);
    const attacker = fromIp();
    const attempt = (password = 'wrong password', from = attacker) =>
      app.inject({ method: 'POST', url: '/api/auth/login', headers: from, payload: { username: user.username, password } });
    for (let i = 0; i < USERNAME_LIMITS.login.max; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toBe('rate_limited');
    // The owner, from their own address, still gets in with the right password.
    expect((await attempt(user.password, fromIp())).statusCode).toBe(200);
  });

  it('answers login, refresh, logout and register with Cache-Control: no-store, errors included', async () => {
    const username = uniqueName();
    const answers = [
      await app.inject({ method: 'POST', url: '/api/users/register', headers: fromIp(), payload: { username, email: `${username}@example.com`, password: PASSWORD } }),
      await app.inject({ method: 'POST', url: '/api/users/register', headers: fromIp(), payload: { username } }),
    ];
    const ok = await app.inject({ method: 'POST', url: '/api/auth/login', headers: fromIp(), payload: { username, password: PASSWORD } });
    answers.push(ok, await app.inject({ method: 'POST', url: '/api/auth/login', headers: fromIp(), payload: { username, password: 'wrong password' } }));
    const rotated = await refresh(app, refreshCookieOf(ok)!.value);
    answers.push(rotated, await refresh(app, 'made-up-token'));
    answers.push(await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refresh_token: refreshCookieOf(rotated)!.value } }));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 400, 200, 401, 200, 401, 204]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('limits login attempts per address', async () => {
    const ip = fromIp();
    let last = 0;
    for (let i = 0; i < 31 && last !== 429; i++) {
      last = (await app.inject({ method: 'POST', url: '/api/auth/login', headers: ip, payload: { username: uniqueName('x'), password: 'p' } })).statusCode;
    }
    expect(last).toBe(429);
  });
});
