// Edges an outside fuzz found (issue 26 item 10): the router's own refusals in the product's error
// shape, a package at the highest allowed price can be ordered, an over-long CID is not a page.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { buyer, createOrder, eventPackage, settle } from './orders-helpers';
import { fakeWebRoot } from './ssr-helpers';

const LONG = 'a'.repeat(101);
const LONG_CID = `bafkrei${'a'.repeat(150)}`;

describe.each(testDatabases())('edges from a fuzz on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { webRoot: fakeWebRoot });

  const expectShape = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number, echoes = false) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(res.body).not.toMatch(/FST_/);
    // The router's refusals do not echo the path (the product's own 404 names it, as everywhere).
    if (!echoes) expect(res.body).not.toMatch(/%ff|aaaaaaaaaa/i);
  };

  it('answers a broken percent-encoding with 400 in the one error shape, the path not echoed', async () => {
    for (const url of ['/api/blogs/%ff', '/api/events/%E0%A4%A', '/blog/%ff']) {
      const res = await app.inject({ url });
      expectShape(res, 400);
      expect(res.json().error).toBe('bad_url');
    }
  });

  it('answers a path parameter over the router limit in the one error shape', async () => {
    // GET under /api: the wildcard for unknown api paths answers 404.
    expectShape(await app.inject({ url: `/api/blogs/${LONG}` }), 404, true);
    expectShape(await app.inject({ url: `/api/orders/${LONG}/invite.ics` }), 404, true);
    // Where no wildcard takes the path (other methods), the router's own refusal: 414.
    for (const [method, url] of [['PUT', `/api/blogs/${LONG}`], ['POST', `/api/orders/${LONG}/refund`]] as const) {
      const res = await app.inject({ method, url });
      expectShape(res, 414);
      expect(res.json().error).toBe('uri_too_long');
    }
  });

  it('answers /ipfs/<cid> with a CID over the router limit 404, not the HTML shell', async () => {
    for (const url of [`/ipfs/${LONG_CID}`, '/ipfs/bafkreiabc/deeper']) {
      const res = await app.inject({ url });
      expectShape(res, 404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('orders a package at the highest price allowed, ₹99,999,999.99, and pays it', async () => {
    const { pkg } = await eventPackage(app, { price: 99_999_999.99 });
    expect(pkg.price).toBe(99_999_999.99);
    const me = await buyer(app);
    const created = await createOrder(app, me, { package_id: pkg.id, amount: 99_999_999.99 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().amount).toBe(9_999_999_999);
    expect((await settle(app, created.json().razorpayOrderId)).statusCode).toBe(200);
    const mine = await app.inject({ url: `/api/orders/${created.json().id}`, headers: me.headers });
    expect(mine.json()).toMatchObject({ status: 'paid' });
  });
});
