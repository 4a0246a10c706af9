import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { holdNetwork } from '../src/modules/checkout/holds';
import { STARTER, bookConsultation, buyer, createOrder, eventPackage, getOrder, lapseHold, settle, slot, type TestBuyer } from './orders-helpers';

const post = (app: FastifyInstance, who: TestBuyer, url: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url, headers: who.headers, remoteAddress });

describe('the network an address counts under for the hold cap', () => {
  it('is the /64 for IPv6 (rotating within it counts as one), the address itself for IPv4 and IPv4-mapped IPv6', () => {
    expect(holdNetwork('2001:db8:1:2:aaaa::1')).toBe(holdNetwork('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(holdNetwork('2001:db8:1:2::5')).toBe('2001:db8:1:2::');
    expect(holdNetwork('2001:db8:1:3::5')).not.toBe(holdNetwork('2001:db8:1:2::5'));
    expect(holdNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(holdNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(holdNetwork('198.51.100.8')).not.toBe(holdNetwork('198.51.100.7'));
  });
});

describe.each(testDatabases())('unpaid holds on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  it('refuses a third live unpaid hold with a 409 naming the pending order; paying or releasing one makes room', async () => {
    const me = await buyer(app);
    const first = (await bookConsultation(app, me, slot(7, 10))).json();
    const second = (await bookConsultation(app, me, slot(7, 11))).json();
    const third = await bookConsultation(app, me, slot(7, 12));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: 'too_many_unpaid_orders', details: { order_id: first.id } });
    expect(third.json().message).toContain(`${STARTER.name} (order ${first.id.slice(0, 8)})`);
    expect(third.json().message).toContain('/orders');

    expect((await settle(app, first.razorpayOrderId)).statusCode).toBe(200);
    expect((await bookConsultation(app, me, slot(7, 12))).statusCode).toBe(201);
    expect((await bookConsultation(app, me, slot(7, 13))).statusCode).toBe(409);
    expect((await post(app, me, `/api/orders/${second.id}/release`)).statusCode).toBe(200);
    expect((await bookConsultation(app, me, slot(7, 13))).statusCode).toBe(201);
  });

  it('a closed payment window frees the slot at once; Pay takes it again if free, else says it is gone', async () => {
    const [me, other] = [await buyer(app), await buyer(app)];
    const start = slot(8, 10);
    const order = (await bookConsultation(app, me, start)).json();
    expect((await bookConsultation(app, other, start)).statusCode).toBe(409);

    const released = await post(app, me, `/api/orders/${order.id}/release`);
    expect(released.json()).toMatchObject({ status: 'expired', payable: true, cancelled_at: null });
    // The slot is free: the busy list no longer has it, and another buyer can take it.
    const busy = await app.inject({ method: 'GET', url: `/api/bookings/busy?from=${encodeURIComponent(slot(8, 0))}&to=${encodeURIComponent(slot(9, 0))}` });
    expect(busy.json()).toEqual([]);

    // Pay from /orders while the slot is still free: same order, a new hold, then paid.
    const again = await post(app, me, `/api/orders/${order.id}/pay`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: order.id, razorpayOrderId: order.razorpayOrderId, amount: 120000 });
    expect((await getOrder(app, me, order.id)).json()).toMatchObject({ status: 'created', payable: true });
    expect((await bookConsultation(app, other, start)).statusCode).toBe(409);

    // Released again, the slot goes to another buyer: Pay now says it is gone.
    await post(app, me, `/api/orders/${order.id}/release`);
    expect((await bookConsultation(app, other, start)).statusCode).toBe(201);
    const gone = await post(app, me, `/api/orders/${order.id}/pay`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ error: 'slot_taken', message: expect.stringContaining('no longer available') });
  });

  it('Pay reopens a live hold as it is and takes a lapsed one again; a paid order is left alone', async () => {
    const me = await buyer(app);
    const order = (await bookConsultation(app, me, slot(9, 10))).json();
    const live = (await post(app, me, `/api/orders/${order.id}/pay`)).json();
    expect(live).toMatchObject({ id: order.id, expires_at: order.expires_at });
    await lapseHold(app, order.id);
    const retaken = (await post(app, me, `/api/orders/${order.id}/pay`)).json();
    expect(Date.parse(retaken.expires_at)).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect((await settle(app, order.razorpayOrderId)).statusCode).toBe(200);
    expect((await post(app, me, `/api/orders/${order.id}/release`)).json()).toMatchObject({ status: 'paid' });
    expect((await post(app, me, `/api/orders/${order.id}/drop`)).json()).toMatchObject({ error: 'not_unpaid' });
    expect((await post(app, me, `/api/orders/${order.id}/pay`)).json()).toMatchObject({ error: 'not_payable' });
  });

  it('Cancel drops an unpaid order for good and frees its seat; nobody else can touch it', async () => {
    const { pkg } = await eventPackage(app, { capacity: 1 });
    const [me, other] = [await buyer(app), await buyer(app)];
    const order = (await createOrder(app, me, { package_id: pkg.id, amount: pkg.price })).json();
    expect((await createOrder(app, other, { package_id: pkg.id, amount: pkg.price })).json().error).toBe('sold_out');
    expect((await post(app, other, `/api/orders/${order.id}/drop`)).statusCode).toBe(404);
    expect((await post(app, other, `/api/orders/${order.id}/pay`)).statusCode).toBe(404);

    const dropped = (await post(app, me, `/api/orders/${order.id}/drop`)).json();
    expect(dropped).toMatchObject({ status: 'expired', payable: false, cancelled_at: expect.any(String) });
    expect((await post(app, me, `/api/orders/${order.id}/pay`)).json().error).toBe('not_payable');
    expect((await createOrder(app, other, { package_id: pkg.id, amount: pkg.price })).statusCode).toBe(201);
  });

  it('counts one IPv6 /64 as one address, so rotating addresses within it does not lift the cap', () => {
    expect(app.checkout.holdAddress('2001:db8:7:7::1')).toBe(app.checkout.holdAddress('2001:db8:7:7:dead:beef:0:2'));
    expect(app.checkout.holdAddress('2001:db8:7:8::1')).not.toBe(app.checkout.holdAddress('2001:db8:7:7::1'));
    expect(app.checkout.holdAddress('::ffff:203.0.113.77')).toBe(app.checkout.holdAddress('203.0.113.77'));
  });

  it('caps live holds per address at ORDER_HOLDS_PER_ADDRESS (20): the 21st account behind one address waits', async () => {
    const address = '203.0.113.77';
    const buyers = await Promise.all(Array.from({ length: 21 }, () => buyer(app)));
    const codes: number[] = [];
    for (const [i, who] of buyers.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders/create-order',
        headers: who.headers,
        remoteAddress: address,
        payload: { package_id: STARTER.id, amount: STARTER.price, start_time: slot(10 + Math.floor(i / 9), 9 + (i % 9)), email: who.email },
      });
      codes.push(res.statusCode);
      if (res.statusCode !== 201) expect(res.json().error).toBe('too_many_unpaid_orders_here');
    }
    expect(codes.slice(0, 20).every((code) => code === 201)).toBe(true);
    expect(codes[20]).toBe(409);
    // Another address is not affected.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/orders/create-order',
      headers: buyers[20]!.headers,
      remoteAddress: '198.51.100.9',
      payload: { package_id: STARTER.id, amount: STARTER.price, start_time: slot(13, 9), email: buyers[20]!.email },
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
