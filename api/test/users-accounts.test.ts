import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { nextMail } from './outbox';
import { BEHIND_PROXY, PASSWORD, claimsOf, fromIp, login, refresh, register, uniqueName } from './accounts-helpers';
import { USERNAME_LIMITS } from '../src/modules/auth/rate-limits';

const ADMIN = { ADMIN_USERNAME: 'site-admin', ADMIN_EMAIL: 'Site-Admin@Example.com', ADMIN_PASSWORD: 'admin-password-1' };

describe.each(testDatabases())('accounts on $name', (target) => {
  let app: FastifyInstance;

  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, headers: fromIp(), payload: payload as object });

  /** The newest reset link mailed to `email`, other than `except` (mail goes out after the answer: wait for it). */
  async function resetLinkFor(email: string, except?: string): Promise<string> {
    const token = (mail: string) => mail.match(/\/login\?reset=([\w-]+)/)?.[1];
    const mail = await nextMail(app, (m) => m.includes(`To: ${email}`) && token(m) !== undefined && token(m) !== except);
    return token(mail)!;
  }

  useTestApp(target, (built) => (app = built), { env: { ...ADMIN, ...BEHIND_PROXY } });

  it('registers a user with role user and a lowercased email', async () => {
    const username = uniqueName('Reg');
    const res = await post('/api/users/register', { username, email: ` ${username.toUpperCase()}@Example.COM `, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username, email: `${username.toLowerCase()}@example.com`, role: 'user' });
    const rows = await app.database.withSession((s) => s.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [res.json().id]));
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a duplicate username (any case) or email with 409', async () => {
    const { username } = await register(app);
    const sameName = await post('/api/users/register', { username: username.toUpperCase(), email: `${uniqueName()}@example.com`, password: PASSWORD });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: 'username_taken', message: 'That username is already taken.' });
    const sameEmail = await post('/api/users/register', { username: uniqueName(), email: `${username.toUpperCase()}@example.com`, password: PASSWORD });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('An account with that email already exists.');
  });

  it.each([
    ['a role', { role: 'admin' }],
    ['an unknown field', { isAdmin: true }],
    ['a short password', { password: 'short' }],
    ['a 129-character password', { password: 'x'.repeat(129) }],
    ['a bad email', { email: 'nope' }],
  ])('refuses a registration with %s (400)', async (_what, change) => {
    const username = uniqueName();
    const res = await post('/api/users/register', { username, email: `${username}@example.com`, password: PASSWORD, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
    const rows = await app.database.withSession((s) => s.query('SELECT 1 FROM users WHERE username = $1', [username]));
    expect(rows).toHaveLength(0);
  });

  it('accepts a 128-character password without composition rules', async () => {
    const username = uniqueName();
    const res = await post('/api/users/register', { username, email: `${username}@example.com`, password: 'a'.repeat(128) });
    expect(res.statusCode).toBe(201);
  });

  it('creates the admin from ADMIN_* at start', async () => {
    const { accessToken } = await login(app, 'site-admin', ADMIN.ADMIN_PASSWORD);
    expect(claimsOf(accessToken).role).toBe('admin');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json()).toMatchObject({ email: 'site-admin@example.com', role: 'admin' });
  });

  it('answers /users/me only with a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
  });

  it('answers forgot-password the same way whether or not the user exists', async () => {
    const { username } = await register(app);
    const known = await post('/api/users/forgot-password', { username });
    const unknown = await post('/api/users/forgot-password', { username: uniqueName('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(typeof known.json().message).toBe('string');
  });

  it('resets the password once through the mailed link and ends every session', async () => {
    const { username, id } = await register(app);
    const session = await login(app, username);
    await post('/api/users/forgot-password', { username });
    const token = await resetLinkFor(`${username}@example.com`);
    const stored = await app.database.withSession((s) => s.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [id]));
    expect(stored[0]?.token_hash).not.toBe(token);

    const newPassword = 'a brand new password';
    expect((await post('/api/users/reset-password', { token, password: newPassword })).statusCode).toBe(200);
    expect((await refresh(app, session.refreshToken)).statusCode).toBe(401);
    await expect(login(app, username)).rejects.toThrow(/401/);
    await login(app, username, newPassword);

    const again = await post('/api/users/reset-password', { token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_reset_token');
  });

  it('spends every other reset link of the user when one is used', async () => {
    const { username, id } = await register(app);
    await post('/api/users/forgot-password', { username });
    const first = await resetLinkFor(`${username}@example.com`);
    await post('/api/users/forgot-password', { username });
    const second = await resetLinkFor(`${username}@example.com`, first);
    expect((await post('/api/users/reset-password', { token: first, password: 'a brand new password' })).statusCode).toBe(200);
    const late = await post('/api/users/reset-password', { token: second, password: 'the attacker password' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('invalid_reset_token');
    await login(app, username, 'a brand new password');
    const unused = await app.database.withSession((s) => s.query('SELECT 1 FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [id]));
    expect(unused).toHaveLength(0);
  });

  it('changes nothing when a step of the reset fails (one transaction)', async () => {
    const { username, id } = await register(app);
    const session = await login(app, username);
    await post('/api/users/forgot-password', { username });
    const token = await resetLinkFor(`${username}@example.com`);
    // Make the last step (revoking the sessions) fail for this user only.
    const trigger = `fail_revoke_${id.replaceAll('-', '')}`;
    await app.database.withSession((s) =>
      s.exec(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$;
        CREATE TRIGGER ${trigger} BEFORE UPDATE ON refresh_tokens FOR EACH ROW WHEN (OLD.user_id = '${id}') EXECUTE FUNCTION ${trigger}();`),
    );
    try {
      expect((await post('/api/users/reset-password', { token, password: 'a brand new password' })).statusCode).toBe(500);
    } finally {
      await app.database.withSession((s) => s.exec(`DROP TRIGGER ${trigger} ON refresh_tokens; DROP FUNCTION ${trigger}();`));
    }
    // The old password, the session and the link all still work.
    await login(app, username);
    expect((await refresh(app, session.refreshToken)).statusCode).toBe(200);
    expect((await post('/api/users/reset-password', { token, password: 'a brand new password' })).statusCode).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const { username, id } = await register(app);
    await post('/api/users/forgot-password', { username });
    const token = await resetLinkFor(`${username}@example.com`);
    await app.database.withSession((s) => s.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [id]));
    const res = await post('/api/users/reset-password', { token, password: 'a brand new password' });
    expect(res.json()).toMatchObject({ error: 'invalid_reset_token' });
    await login(app, username);
  });

  it('limits forgot-password per username and address with 429 and Retry-After', async () => {
    const { username } = await register(app);
    const from = fromIp();
    const ask = () => app.inject({ method: 'POST', url: '/api/users/forgot-password', headers: from, payload: { username } });
    for (let i = 0; i < USERNAME_LIMITS.forgotPassword.max; i++) {
      expect((await ask()).statusCode).toBe(200);
    }
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits registrations per address', async () => {
    const ip = fromIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/users/register', headers: ip, payload: { username: 'x', email: 'bad', password: 'p' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
