import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createEvent, uniqueSlug } from './content-helpers';
import { register } from './accounts-helpers';
import { contactRepository } from '../src/modules/contacts/repository';
import { EXPORT_BATCH_SIZE } from '../src/lib/csv';

const parseCsv = (body: string): string[][] => parse(body.replace(/^\uFEFF/, ''), { relax_column_count: false });

describe.each(testDatabases())('admin lists, counts and exports on $name', (target) => {
  let app: FastifyInstance;
  let headers: { authorization: string };

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    headers = adminHeaders(app);
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  const stats = async () => (await get('/api/admin/stats')).json();

  it('counts users, blog posts and events in one call; each count moves after a create', async () => {
    const before = await stats();
    expect(before).toEqual({ total_users: expect.any(Number), blog_posts: expect.any(Number), events: expect.any(Number), job_positions: 0 });
    await register(app);
    await app.inject({ method: 'POST', url: '/api/blogs', headers, payload: { title: 'Counted', slug: uniqueSlug('c'), content: '<p>x</p>' } });
    await createEvent(app);
    expect(await stats()).toEqual({
      total_users: before.total_users + 1,
      blog_posts: before.blog_posts + 1,
      events: before.events + 1,
      job_positions: 0,
    });
  });

  it('pages blogs by status in SQL: items, total, page, page_size; page_size above 100 is refused', async () => {
    const status = 'archived';
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/api/blogs', headers, payload: { title: `P${i}`, slug: uniqueSlug('paged'), content: '<p>x</p>' } });
      made.push(res.json().id);
    }
    await app.inject({ method: 'PUT', url: '/api/blogs/archive', headers, payload: { ids: made } });
    const first = (await get(`/api/admin/blogs?status=${status}&page=1&page_size=2`)).json();
    const third = (await get(`/api/admin/blogs?status=${status}&page=3&page_size=2`)).json();
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(first.items).toHaveLength(2);
    expect(third.items).toHaveLength(1);
    const all = [...first.items, ...(await get(`/api/admin/blogs?status=${status}&page=2&page_size=2`)).json().items, ...third.items];
    expect(new Set(all.map((b: { id: string }) => b.id))).toEqual(new Set(made));
    expect(all.every((b: { status: string; media_type: unknown }) => b.status === status && b.media_type === null)).toBe(true);
    expect((await get('/api/admin/blogs?page_size=101')).statusCode).toBe(400);
    expect((await get('/api/admin/blogs?page=0')).statusCode).toBe(400);
    expect((await get('/api/admin/blogs?colour=red')).statusCode).toBe(400);
  });

  it('pages events by status and packages by active state and type', async () => {
    await createEvent(app, { status: 'cancelled' });
    const events = (await get('/api/admin/events?status=cancelled')).json();
    expect(events.total).toBeGreaterThanOrEqual(1);
    expect(events.items.every((e: { status: string }) => e.status === 'cancelled')).toBe(true);

    const sub = (await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers,
      payload: { name: 'Inactive sub', slug: uniqueSlug('sub'), price: 5, duration_days: 7, package_type: 'subscription', is_active: false },
    })).json();
    const inactive = (await get('/api/admin/packages?is_active=false&package_type=subscription&page_size=100')).json();
    expect(inactive.items.map((p: { id: string }) => p.id)).toContain(sub.id);
    expect(inactive.items.every((p: { is_active: boolean; package_type: string }) => !p.is_active && p.package_type === 'subscription')).toBe(true);
    const active = (await get('/api/admin/packages?is_active=true')).json();
    expect(active.items.map((p: { id: string }) => p.id)).not.toContain(sub.id);
    expect((await get('/api/admin/packages?is_active=maybe')).statusCode).toBe(400);
  });

  it('pages messages and subscribers; unsubscribed subscribers are marked and can be filtered', async () => {
    await app.database.db.execute(sql`
      INSERT INTO contact_messages (name, email, subject, message, created_at)
      SELECT 'Name ' || n, 'm' || n || '@example.com', 'Subject ' || n, 'Body', now() - n * interval '1 minute'
      FROM generate_series(1, 25) AS n`);
    const page = (await get('/api/admin/messages?page=2&page_size=10')).json();
    expect(page).toMatchObject({ total: 25, page: 2, page_size: 10 });
    expect(page.items.map((m: { name: string }) => m.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Name ${i + 11}`));

    await app.database.db.execute(sql`
      INSERT INTO newsletter_subscriptions (email, status, unsubscribe_token_hash, unsubscribed_at)
      VALUES ('on@example.com', 'subscribed', 'h1', NULL), ('off@example.com', 'unsubscribed', 'h2', now())`);
    const subs = (await get('/api/admin/subscribers')).json();
    expect(subs.total).toBe(2);
    expect(subs.items.find((s: { email: string }) => s.email === 'off@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(String) });
    const off = (await get('/api/admin/subscribers?status=unsubscribed')).json();
    expect(off.items.map((s: { email: string }) => s.email)).toEqual(['off@example.com']);
  });

  it('tells pending addresses from confirmed ones, in the list, its filter, the counts and the CSV', async () => {
    await app.database.db.execute(sql`
      INSERT INTO newsletter_subscriptions (email, status, unsubscribe_token_hash, confirmed_at)
      VALUES ('waiting@example.com', 'subscribed', 'p1', NULL), ('sure@example.com', 'subscribed', 'p2', now())`);
    const items = (await get('/api/admin/subscribers?page_size=100')).json().items as { email: string; status: string; confirmed_at: string | null }[];
    expect(items.find((s) => s.email === 'waiting@example.com')).toMatchObject({ status: 'pending', confirmed_at: null });
    expect(items.find((s) => s.email === 'sure@example.com')).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });
    const pending = (await get('/api/admin/subscribers?status=pending&page_size=100')).json().items.map((s: { email: string }) => s.email);
    expect(pending).toContain('waiting@example.com');
    expect(pending).not.toContain('sure@example.com');
    const counts = (await get('/api/admin/subscribers/counts')).json();
    const total = (await get('/api/admin/subscribers')).json().total;
    expect(counts.confirmed + counts.pending + counts.unsubscribed).toBe(total);
    expect(counts.pending).toBeGreaterThanOrEqual(1);
    expect(counts.confirmed).toBeGreaterThanOrEqual(1);
    const rows = parseCsv((await get('/api/admin/subscribers/export.csv')).body);
    expect(rows.find((r) => r[0] === 'waiting@example.com')![1]).toBe('pending');
    expect(rows.find((r) => r[0] === 'sure@example.com')![1]).toBe('confirmed');
  });

  it('exports subscribers as a CSV attachment that neutralises formulas and reads back as the rows', async () => {
    await app.database.db.execute(sql`
      INSERT INTO newsletter_subscriptions (email, status, unsubscribe_token_hash)
      VALUES ('=cmd|calc@example.com', 'subscribed', 'h3')`);
    const res = await get('/api/admin/subscribers/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['Email', 'Status', 'Subscribed (IST)', 'Confirmed (IST)', 'Unsubscribed (IST)']);
    // Times in India's time, as a spreadsheet reads a date and time.
    const listed = (await get('/api/admin/subscribers')).json().items as { email: string; subscribed_at: string }[];
    const first = listed.find((s) => s.email === rows[1]![0])!;
    expect(rows[1]![2]).toBe(new Date(Date.parse(first.subscribed_at) + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' '));
    // The rows shown by the paged list, in the same order; the formula-looking cell neutralised.
    const shown = (await get('/api/admin/subscribers')).json().items.map((s: { email: string }) => s.email.replace(/^=/, "'="));
    expect(rows.map((r) => r[0])).toEqual(shown);
    expect(rows[0]![0]).toBe("'=cmd|calc@example.com");
    expect(rows.find((r) => r[0] === 'off@example.com')![1]).toBe('unsubscribed');
    const onlyOff = parseCsv((await get('/api/admin/subscribers/export.csv?status=unsubscribed')).body);
    expect(onlyOff.slice(1).map((r) => r[0])).toEqual(['off@example.com']);
  });

  it('streams a large message export batch by batch, every row once and in the list order', async () => {
    const extra = EXPORT_BATCH_SIZE * 3 + 7;
    await app.database.db.execute(sql`
      INSERT INTO contact_messages (name, email, subject, message, created_at)
      SELECT '+Bulk ' || n, 'b' || n || '@example.com', 'Bulk', 'Line one' || chr(10) || '@line two, "quoted"',
             now() - interval '1 day' - n * interval '1 microsecond'
      FROM generate_series(1, ${extra}) AS n`);
    const total = (await get('/api/admin/messages?page_size=1')).json().total as number;
    const batches = vi.spyOn(contactRepository, 'after');
    try {
      const res = await get('/api/admin/messages/export.csv');
      expect(res.statusCode).toBe(200);
      const [header, ...rows] = parseCsv(res.body);
      expect(header).toEqual(['Received (IST)', 'Name', 'Email', 'Phone', 'Subject', 'Message']);
      expect(rows[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(rows).toHaveLength(total);
      // Microsecond-apart rows survive the batch boundaries: none skipped, none repeated.
      expect(new Set(rows.map((r) => r[2])).size).toBe(total);
      const bulk = rows.filter((r) => r[1]!.startsWith(`'+Bulk`));
      expect(bulk).toHaveLength(extra);
      expect(bulk.slice(0, 3).map((r) => r[1])).toEqual([`'+Bulk 1`, `'+Bulk 2`, `'+Bulk 3`]);
      expect(bulk[0]![5]).toBe('Line one\n@line two, "quoted"');
      // Read in batches of EXPORT_BATCH_SIZE, never the whole table at once.
      expect(batches).toHaveBeenCalledTimes(Math.floor(total / EXPORT_BATCH_SIZE) + 1);
      for (const call of batches.mock.calls) expect(call[2]).toBe(EXPORT_BATCH_SIZE);
    } finally {
      batches.mockRestore();
    }
  });
});
