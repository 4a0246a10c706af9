import { describe, expect, it } from 'vitest';
import { decodeQp, nextMail, outbox } from './outbox';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { BEHIND_PROXY, PASSWORD, claimsOf, fromIp, login, refresh, refreshCookieOf, register } from './accounts-helpers';

const NEW_PASSWORD = 'a brand new passphrase';

describe.each(testDatabases())('account safety on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: BEHIND_PROXY });

  /** A reset link as the forgot-password route mails it (the token in its `?reset=`). */
  async function resetLinkOf(username: string): Promise<string> {
    const reset = await app.users.createPasswordReset(username);
    if (!reset) throw new Error(`no account ${username}`);
    return reset.token;
  }

  const useResetLink = (token: string) =>
    app.inject({ method: 'POST', url: '/api/users/reset-password', headers: fromIp(), payload: { token, password: 'taken over by someone' } });

  const me = (accessToken: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });

  const changePassword = (accessToken: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { ...fromIp(), authorization: `Bearer ${accessToken}` },
      payload: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });

  it('a password change spends the reset links sent before it', async () => {
    const { username } = await register(app);
    const { accessToken } = await login(app, username);
    const stale = await resetLinkOf(username);
    expect((await changePassword(accessToken)).statusCode).toBe(200);
    const used = await useResetLink(stale);
    expect(used.statusCode).toBe(400);
    expect(used.json().error).toBe('invalid_reset_token');
    // The password is the one the owner chose, not the one the stale link tried to set.
    await expect(login(app, username, NEW_PASSWORD)).resolves.toBeDefined();
  });

  it('promoting an account to admin spends its reset links and ends its sessions', async () => {
    // An attacker registers the name an operator will promote, and asks for a reset to their own address.
    const { username } = await register(app);
    const { refreshToken } = await login(app, username);
    const stale = await resetLinkOf(username);
    await app.users.upsertAdmin({ username, email: `${username}@consultancy.example`, password: 'the operator chose this' });
    const used = await useResetLink(stale);
    expect(used.statusCode).toBe(400);
    expect(used.json().error).toBe('invalid_reset_token');
    // The session opened as a plain user (its tokens carry role `user`) is over.
    expect((await refresh(app, refreshToken)).statusCode).toBe(401);
    await expect(login(app, username, 'the operator chose this')).resolves.toBeDefined();
  });

  it('re-applying the same admin settings leaves a fresh reset link usable', async () => {
    const { username } = await register(app);
    const settings = { username, email: `${username}@consultancy.example`, password: 'the operator chose this' };
    await app.users.upsertAdmin(settings);
    const fresh = await resetLinkOf(username);
    // A restart with the same ADMIN_* changes nothing, so nothing is spent.
    await app.users.upsertAdmin(settings);
    expect((await useResetLink(fresh)).statusCode).toBe(200);
  });

  it('the access token a password change returns works at once', async () => {
    const { username } = await register(app);
    const { accessToken } = await login(app, username);
    const changed = await changePassword(accessToken);
    expect(changed.statusCode).toBe(200);
    const token = changed.json().accessToken as string;
    expect(claimsOf(token).sid).toBe(
      // The session it names is the one whose refresh cookie came with the answer.
      claimsOf((await refresh(app, refreshCookieOf(changed)!.value).then((res) => res.json().accessToken as string))).sid,
    );
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(username);
  });

  /** The notice with `subject` mailed to `email` once `action` ran (the queue sends it: waited for), and how many such were sent. */
  async function noticeTo(email: string, subject: string, action: () => Promise<unknown>): Promise<{ mail: string; count: number }> {
    await action();
    const match = (m: string) => new RegExp(`^To: ${email}$`, 'm').test(m) && m.includes(`Subject: ${subject}`);
    const mail = await nextMail(app, match);
    return { mail, count: (await outbox(app)).map(decodeQp).filter(match).length };
  }

  it('tells the owner of a password change, a reset and a promotion', async () => {
    const { username } = await register(app);
    const email = `${username}@example.com`;
    const { accessToken } = await login(app, username);
    const changed = await noticeTo(email, 'Your Tiny Titans AI password was changed', () => changePassword(accessToken));
    expect(changed.count).toBe(1);
    expect(changed.mail).toContain('If it was not you');

    const token = await resetLinkOf(username);
    const reset = await noticeTo(email, 'Your Tiny Titans AI password was reset', () => useResetLink(token));
    expect(reset.count).toBe(1);

    const promoted = await noticeTo(email, 'Your Tiny Titans AI account is now an admin', () =>
      app.users.upsertAdmin({ username, email, password: 'taken over by someone' }),
    );
    expect(promoted.count).toBe(1);
    // The password was already that one: no notice of a password change with the promotion.
    expect((await outbox(app)).map(decodeQp).filter((m) => m.includes(`To: ${email}`))).toHaveLength(3);
  });

  it('logout with only the bearer token ends that session and the token', async () => {
    const { username } = await register(app);
    const { accessToken, refreshToken } = await login(app, username);
    expect((await me(accessToken)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${accessToken}` } });
    expect(out.statusCode).toBe(204);
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await refresh(app, refreshToken)).statusCode).toBe(401);
  });

  it('logout with a forged bearer token ends nothing', async () => {
    const { username } = await register(app);
    const { accessToken } = await login(app, username);
    const [header, payload] = accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(204);
    expect((await me(accessToken)).statusCode).toBe(200);
  });
});
