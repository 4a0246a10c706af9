import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { login, PASSWORD, refresh, register } from './accounts-helpers';
import { REMINDER_QUEUE, type ReminderJob } from '../src/modules/fulfilment/reminders';
import { bookConsultation, buyer, fulfilled, getOrder, settle, slot, type TestBuyer } from './orders-helpers';

describe.each(testDatabases())("an account's own data: download and deletion on $name", (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  /** A registered, signed-in account (a real session, so its end can be seen). */
  async function signedIn(): Promise<TestBuyer & { username: string; refreshToken: string }> {
    const { username, id } = await register(app);
    const { accessToken, refreshToken } = await login(app, username);
    return { id, username, email: `${username}@example.com`, headers: { authorization: `Bearer ${accessToken}` }, refreshToken };
  }
  const subscribe = (email: string) =>
    app.database.db.execute(sql`INSERT INTO newsletter_subscriptions (email, unsubscribe_token_hash) VALUES (${email}, ${`hash-${email}`})`);
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const busyAt = async (start: string) =>
    ((await app.inject({ method: 'GET', url: `/api/bookings/busy?from=${encodeURIComponent(start)}&to=${encodeURIComponent(new Date(Date.parse(start) + 3600_000).toISOString())}` })).json() as { start: string }[]).some(
      (s) => s.start === start,
    );

  it('downloads the profile and orders (not the newsletter subscription) as a JSON attachment, only for the signed-in owner', async () => {
    const me = await signedIn();
    const order = (await bookConsultation(app, me, slot(3, 10))).json();
    await subscribe(me.email);
    const res = await app.inject({ method: 'GET', url: '/api/users/me/data', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ id: me.id, username: me.username, email: me.email, role: 'user' });
    expect(data.orders).toEqual([expect.objectContaining({ id: order.id, status: 'created', attendee_email: me.email })]);
    // The account's address is unverified: a subscription under it may be someone else's.
    expect(data).not.toHaveProperty('newsletter');
    expect(data.note).toMatch(/newsletter subscription is not part of your account/);
    expect(JSON.stringify(data)).not.toContain('hash-');
    expect(JSON.stringify(data)).not.toMatch(/password/i);
    expect((await app.inject({ method: 'GET', url: '/api/users/me/data' })).statusCode).toBe(401);
  });

  it('deletes the account with its password: sessions end, unpaid holds are freed, paid orders stay without personal fields', async () => {
    const me = await signedIn();
    const paidStart = slot(4, 10);
    const heldStart = slot(4, 12);
    const paid = (await bookConsultation(app, me, paidStart)).json();
    await settle(app, paid.razorpayOrderId);
    expect((await getOrder(app, me, paid.id)).json().status).toBe('paid');
    const held = (await bookConsultation(app, me, heldStart)).json();
    expect(await busyAt(heldStart)).toBe(true);
    await subscribe(me.email);

    const wrong = await app.inject({ method: 'POST', url: '/api/users/me/delete', headers: me.headers, payload: { password: 'not it at all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_password');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers })).statusCode).toBe(200);

    const res = await app.inject({ method: 'POST', url: '/api/users/me/delete', headers: me.headers, payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/deleted/);
    // Every session ends: the token used, the refresh cookie, a sign-in with the old password.
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers })).statusCode).toBe(401);
    expect((await refresh(app, me.refreshToken)).statusCode).toBe(401);
    const relogin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: me.username, password: PASSWORD } });
    expect(relogin.statusCode).toBe(401);

    // The unpaid hold is released at once; the paid booking stays (for the accounts) without the address.
    expect(await busyAt(heldStart)).toBe(false);
    const orders = await rowsOf<{ id: string; status: string; attendee_email: string | null }>(
      sql`SELECT id, status, attendee_email FROM orders WHERE id IN (${paid.id}, ${held.id}) ORDER BY created_at`,
    );
    expect(orders).toEqual([
      { id: paid.id, status: 'paid', attendee_email: null },
      { id: held.id, status: 'expired', attendee_email: null },
    ]);
    const [user] = await rowsOf<{ username: string; email: string; deleted_at: unknown }>(sql`SELECT username, email, deleted_at FROM users WHERE id = ${me.id}`);
    expect(user!.deleted_at).not.toBeNull();
    expect(user!.username).not.toContain(me.username);
    expect(user!.email).not.toContain(me.username);
    // The subscription is left to its own unsubscribe link: the account's address was never verified.
    expect(await rowsOf(sql`SELECT 1 FROM newsletter_subscriptions WHERE email = ${me.email}`)).toHaveLength(1);
    // The name and the address are free to register again.
    expect((await register(app, me.username)).id).not.toBe(me.id);
  });

  it("a deleted buyer's paid booking sends no reminder: its reminders go with the account, and a reminder left over sends nothing", async () => {
    const me = await signedIn();
    const start = slot(6, 10);
    const paid = (await bookConsultation(app, me, start)).json();
    await settle(app, paid.razorpayOrderId);
    // The reminders are scheduled by the paid order's fulfilment job.
    await fulfilled(app, paid.id);
    const queued = () => app.jobs.boss.findJobs<ReminderJob>(REMINDER_QUEUE, { data: { orderId: paid.id }, queued: true });
    expect((await queued()).length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'POST', url: '/api/users/me/delete', headers: me.headers, payload: { password: PASSWORD } })).statusCode).toBe(200);
    expect(await queued()).toHaveLength(0);
    const job = { orderId: paid.id, lead: '24h' as const, start: new Date(start).toISOString() };
    expect(await app.fulfilment.reminders.remind(job, new Date(Date.parse(start) - 24 * 3600_000))).toBe(false);
  });

  it('refuses an admin account and a caller without a token', async () => {
    const admin = await buyer(app, 'admin');
    await app.database.db.execute(sql`UPDATE users SET password_hash = ${await import('../src/modules/users/password').then((m) => m.hashPassword(PASSWORD))} WHERE id = ${admin.id}`);
    const res = await app.inject({ method: 'POST', url: '/api/users/me/delete', headers: admin.headers, payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('admin_account');
    expect((await app.inject({ method: 'POST', url: '/api/users/me/delete', payload: { password: PASSWORD } })).statusCode).toBe(401);
  });
});
