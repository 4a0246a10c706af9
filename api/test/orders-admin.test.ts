import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { bookConsultation, buyer, createOrder, eventPackage, settle, slot, type TestBuyer } from './orders-helpers';

describe.each(testDatabases())('orders for admins on $name', (target) => {
  let app: FastifyInstance;
  let admin: TestBuyer;
  let alice: TestBuyer;
  const ids: Record<string, string> = {};

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    admin = await buyer(app, 'admin');
    alice = await buyer(app);
    // One paid consultation, one unpaid consultation, one paid package.
    const paid = (await bookConsultation(app, alice, slot(2, 10))).json();
    await settle(app, paid.razorpayOrderId);
    ids.paid = paid.id;
    ids.open = (await bookConsultation(app, alice, slot(2, 12))).json().id;
    const { pkg } = await eventPackage(app, { capacity: 10, name: '=HYPERLINK("x")' });
    const ticket = (await createOrder(app, alice, { package_id: pkg.id, amount: pkg.price })).json();
    await settle(app, ticket.razorpayOrderId);
    ids.ticket = ticket.id;
  });

  const get = (url: string, who: TestBuyer | null = admin) => app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

  it('answers 401 without a token and 403 to a non-admin on every admin route', async () => {
    for (const url of ['/api/admin/orders', '/api/admin/orders/export.csv', '/api/admin/orders/stats']) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      expect((await get(url, alice)).statusCode, url).toBe(403);
    }
    expect((await app.inject({ method: 'POST', url: `/api/orders/${ids.paid}/refund` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/orders/${ids.paid}/refund`, headers: alice.headers })).statusCode).toBe(403);
  });

  it('lists orders with their buyers, filtered and paged in SQL', async () => {
    const all = (await get('/api/admin/orders')).json();
    expect(all).toMatchObject({ total: 3, page: 1, page_size: 20 });
    expect(all.items[0]).toMatchObject({ id: ids.ticket, buyer_username: expect.stringMatching(/^buyer-/), buyer_email: alice.email, provider: 'sandbox' });
    const paid = (await get('/api/admin/orders?status=paid&kind=consultation')).json();
    expect(paid.items.map((o: { id: string }) => o.id)).toEqual([ids.paid]);
    const page2 = (await get('/api/admin/orders?page=2&page_size=2')).json();
    expect(page2).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.items.map((o: { id: string }) => o.id)).toEqual([ids.paid]);
    const future = (await get(`/api/admin/orders?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json();
    expect(future.total).toBe(0);
    expect((await get('/api/admin/orders?status=lost')).statusCode).toBe(400);
    expect((await get('/api/admin/orders?page_size=1000')).statusCode).toBe(400);
  });

  it('exports the filtered orders as CSV with formulas neutralised', async () => {
    const res = await get('/api/admin/orders/export.csv?status=paid');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    // One header style (words, the first capitalised); times in India's time, named in the header.
    expect(lines[0]).toBe(
      'Order,Ordered (IST),Status,Kind,Package,Amount (INR),Buyer,Buyer email,Attendee email,Starts (IST),Ends (IST),Paid (IST),Refunded (IST),Provider,Provider order,Provider payment',
    );
    expect(lines).toHaveLength(3);
    const paid = (await get('/api/admin/orders?status=paid&kind=consultation')).json().items[0];
    const row = lines.find((line) => line.startsWith(paid.id))!.split(',');
    const ist = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(row[1]).toBe(ist(paid.created_at));
    expect(row[9]).toBe(ist(paid.start_time));
    expect(row[11]).toBe(ist(paid.paid_at));
    expect(res.body).toContain(`'=HYPERLINK`);
    expect(res.body).toContain('1200.00');
  });

  it('reports paid orders and revenue per week and bookings per day ahead', async () => {
    const stats = (await get('/api/admin/orders/stats')).json();
    expect(stats.weeks).toHaveLength(12);
    expect(stats.bookings_ahead).toHaveLength(14);
    expect(stats.weeks.at(-1)).toMatchObject({ paid_orders: 2, revenue_paise: 120000 + 49900 });
    expect(stats.weeks.slice(0, 11).every((w: { paid_orders: number }) => w.paid_orders === 0)).toBe(true);
    const day = new Date(Date.parse(slot(2, 10)) + 330 * 60_000).toISOString().slice(0, 10);
    expect(stats.bookings_ahead.find((d: { date: string }) => d.date === day)).toEqual({ date: day, bookings: 1 });
    expect(stats.bookings_ahead.reduce((sum: number, d: { bookings: number }) => sum + d.bookings, 0)).toBe(1);
  });

  it('refunds a paid order through the provider, audited, and refuses an unpaid one', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/orders/${ids.ticket}/refund`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.ticket, status: 'refunded', refunded_at: expect.any(String) });
    const [entry] = await app.audit.recent(1);
    expect(entry).toMatchObject({ action: 'refund', entity: 'order', entity_id: ids.ticket, actor_id: admin.id });
    // Idempotent: a second press answers the refunded order, without a second audit entry.
    expect((await app.inject({ method: 'POST', url: `/api/orders/${ids.ticket}/refund`, headers: admin.headers })).json().status).toBe('refunded');
    expect((await app.audit.recent(5)).filter((e) => e.entity_id === ids.ticket)).toHaveLength(1);
    const unpaid = await app.inject({ method: 'POST', url: `/api/orders/${ids.open}/refund`, headers: admin.headers });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toBe('not_refundable');
  });
});
