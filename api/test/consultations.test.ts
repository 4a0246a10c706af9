import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildTestApp, useTestApp } from './app';
import { testDatabases } from './databases';
import { AUDIT, buyer, createOrder, CUSTOM, slot, STARTER, type TestBuyer } from './orders-helpers';

describe.each(testDatabases())('the consultation catalogue on $name', (target) => {
  let app: FastifyInstance;
  let admin: TestBuyer;
  let alice: TestBuyer;

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    admin = await buyer(app, 'admin');
    alice = await buyer(app);
  });

  const publicList = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bookings/packages' });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; name: string; price: number | 'Custom'; duration: number; badge?: string }[];
  };
  const patch = (id: string, payload: object, who: TestBuyer | null = admin) =>
    app.inject({ method: 'PATCH', url: `/api/admin/consultations/${id}`, headers: who?.headers ?? {}, payload });
  const book = (amount: number, start = slot(4, 11)) =>
    createOrder(app, alice, { package_id: STARTER.id, amount, start_time: start, email: alice.email });

  it('is seeded once with the spec packages and prices, in their order', async () => {
    const list = await publicList();
    expect(list.map(({ id, name, price, duration, badge }) => ({ id, name, price, duration, badge }))).toEqual([
      { id: STARTER.id, name: 'Starter Strategy Call', price: 1200, duration: 45, badge: 'Most Popular' },
      { id: AUDIT.id, name: 'AI Readiness Audit', price: 2100, duration: 90, badge: undefined },
      { id: CUSTOM.id, name: 'Custom AI Roadmap', price: 'Custom', duration: 0, badge: undefined },
    ]);
    expect(list[0]).toMatchObject({ description: expect.any(String), benefits: expect.arrayContaining(['Written summary within 24 hours']) });
  });

  it('refuses every admin route to visitors (401) and to non-admins (403)', async () => {
    const routes = [
      { method: 'GET' as const, url: '/api/admin/consultations' },
      { method: 'POST' as const, url: '/api/admin/consultations', payload: { name: 'X', price: 10, duration: 30 } },
      { method: 'PATCH' as const, url: `/api/admin/consultations/${STARTER.id}`, payload: { price: 1 } },
    ];
    for (const route of routes) {
      expect((await app.inject(route)).statusCode, route.method).toBe(401);
      expect((await app.inject({ ...route, headers: alice.headers })).statusCode, route.method).toBe(403);
    }
    expect((await publicList())[0]!.price).toBe(1200);
  });

  it('validates what an admin writes', async () => {
    expect((await patch(STARTER.id, { price: 0 })).statusCode).toBe(400);
    expect((await patch(STARTER.id, { price: 12.5 })).statusCode).toBe(400);
    expect((await patch(STARTER.id, { unknown: true })).statusCode).toBe(400);
    // The custom package has no duration: giving it a price alone would make an unbookable slot.
    const priced = await patch(CUSTOM.id, { price: 5000 });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().message).toBe('A package with a price needs a duration.');
    expect((await patch('00000000-0000-4000-8000-000000000000', { price: 10 })).statusCode).toBe(404);
  });

  it('charges the next order the price an admin set, shows it at once, and audits the change', async () => {
    await publicList(); // the public answer is now kept in the cache
    expect((await book(1200, slot(4, 10))).statusCode).toBe(201);

    const changed = await patch(STARTER.id, { price: 1500 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: STARTER.id, price: 1500, duration: 45, is_active: true });
    expect((await publicList())[0]).toMatchObject({ id: STARTER.id, price: 1500 });

    const stale = await book(1200);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe('amount_mismatch');
    const fresh = await book(1500);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().amount).toBe(150_000);

    const [entry] = await app.audit.recent(1);
    expect(entry).toMatchObject({ action: 'update', entity: 'consultation', entity_id: STARTER.id, label: 'Starter Strategy Call', actor_id: admin.id });
  });

  it('adds packages, and hides an inactive one from the public and from checkout', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/consultations',
      headers: admin.headers,
      payload: { name: 'Team Workshop', description: 'Half a day with your team.', price: 9000, duration: 240, benefits: ['Hands-on session'], position: 5 },
    });
    expect(created.statusCode).toBe(201);
    const workshop = created.json();
    expect(workshop).toMatchObject({ name: 'Team Workshop', price: 9000, duration: 240, badge: null, is_active: true });
    expect((await publicList()).map((pkg) => pkg.name)).toEqual(['Starter Strategy Call', 'AI Readiness Audit', 'Custom AI Roadmap', 'Team Workshop']);

    expect((await patch(workshop.id, { is_active: false })).statusCode).toBe(200);
    expect((await publicList()).map((pkg) => pkg.id)).not.toContain(workshop.id);
    const hidden = await createOrder(app, alice, { package_id: workshop.id, amount: 9000, start_time: slot(5, 10), email: alice.email });
    expect(hidden.statusCode).toBe(404);
    const all = (await app.inject({ method: 'GET', url: '/api/admin/consultations', headers: admin.headers })).json();
    expect(all.find((pkg: { id: string }) => pkg.id === workshop.id)).toMatchObject({ is_active: false });
  });

  it('is seeded once, by its migration: a restart keeps the edits and brings no removed row back', async () => {
    await app.database.db.execute(sql`DELETE FROM consultation_packages WHERE id = ${CUSTOM.id}`);
    const restarted = await buildTestApp(app.database);
    try {
      const served = (await restarted.inject({ method: 'GET', url: '/api/bookings/packages' })).json() as { id: string; price: unknown }[];
      expect(served[0]).toMatchObject({ id: STARTER.id, price: 1500 });
      expect(served.map((pkg) => pkg.id)).not.toContain(CUSTOM.id);
    } finally {
      await restarted.close();
    }
  });
});
