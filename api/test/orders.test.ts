import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp, testConfig } from './app';
import { testDatabases } from './databases';
import { decodeQp, nextMail, outbox } from './outbox';
import { adminHeaders } from './content-helpers';
import {
  AUDIT,
  CUSTOM,
  STARTER,
  bookConsultation,
  buyer,
  createOrder,
  eventPackage,
  getOrder,
  lapseHold,
  paymentEntity,
  settle,
  slot,
  verify,
  webhook,
} from './orders-helpers';

describe('ORDER_HOLD_MINUTES', () => {
  it('defaults to 15 and refuses values outside 1–120, naming the variable', () => {
    expect(testConfig().ORDER_HOLD_MINUTES).toBe(15);
    expect(testConfig({ ORDER_HOLD_MINUTES: '30' }).ORDER_HOLD_MINUTES).toBe(30);
    expect(() => testConfig({ ORDER_HOLD_MINUTES: '0' })).toThrow(/ORDER_HOLD_MINUTES/);
    expect(() => testConfig({ ORDER_HOLD_MINUTES: 'soon' })).toThrow(/ORDER_HOLD_MINUTES/);
  });
});

describe.each(testDatabases())('orders and payments on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  it('serves the consultation packages with the shared ids and prices, cacheable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bookings/packages' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.json()).toEqual([
      expect.objectContaining({ id: STARTER.id, name: 'Starter Strategy Call', price: 1200, duration: 45, badge: 'Most Popular' }),
      expect.objectContaining({ id: AUDIT.id, name: 'AI Readiness Audit', price: 2100, duration: 90 }),
      expect.objectContaining({ id: CUSTOM.id, name: 'Custom AI Roadmap', price: 'Custom', duration: 0 }),
    ]);
  });

  it('creates a consultation order priced by the server, in paise, holding the slot', async () => {
    const me = await buyer(app);
    const res = await bookConsultation(app, me, slot(3, 10));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ amount: 120000, currency: 'INR', keyId: 'rzp_test_sandbox', provider: 'sandbox' });
    expect(body.razorpayOrderId).toMatch(/^order_sbx_/);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    const order = (await getOrder(app, me, body.id)).json();
    expect(order).toMatchObject({ status: 'created', kind: 'consultation', amount_paise: 120000, start_time: slot(3, 10), attendee_email: me.email });
    expect(Date.parse(order.end_time) - Date.parse(order.start_time)).toBe(45 * 60_000);
  });

  it('refuses a tampered amount, the custom package, unknown packages and fields, and no token', async () => {
    const me = await buyer(app);
    const tampered = await createOrder(app, me, { package_id: STARTER.id, amount: 1, start_time: slot(3, 11) });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error).toBe('amount_mismatch');
    const custom = await createOrder(app, me, { package_id: CUSTOM.id, amount: 0, start_time: slot(3, 11) });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().error).toBe('not_orderable');
    expect((await createOrder(app, me, { package_id: randomUUID(), amount: 1200 })).statusCode).toBe(404);
    expect((await createOrder(app, me, { package_id: STARTER.id, amount: 1200, start_time: slot(3, 11), coupon: 'x' })).statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'POST', url: '/api/orders/create-order', payload: { package_id: STARTER.id, amount: 1200 } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
  });

  it('accepts only future starts from 9:00 to 18:00 IST on a 15-minute step', async () => {
    const me = await buyer(app);
    const refused = [undefined, slot(-1, 10), slot(4, 8, 45), slot(4, 18, 15), slot(4, 10, 10), slot(4, 23)];
    for (const start of refused) {
      const res = await createOrder(app, me, { package_id: STARTER.id, amount: 1200, ...(start ? { start_time: start } : {}) });
      expect(res.statusCode, String(start)).toBe(400);
    }
    expect((await bookConsultation(app, me, slot(4, 9))).statusCode).toBe(201);
    expect((await bookConsultation(app, me, slot(4, 18))).statusCode).toBe(201);
  });

  it('lets exactly one of several racing buyers take a slot, and refuses overlaps', async () => {
    const start = slot(5, 12);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyer(app)));
    const results = await Promise.all(buyers.map((b) => bookConsultation(app, b, start)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode !== 201);
    expect(losers.every((r) => r.statusCode === 409 && r.json().error === 'slot_taken')).toBe(true);
    // A 90-minute audit starting 60 minutes earlier would overlap the 45-minute call.
    const overlap = await bookConsultation(app, buyers[1]!, slot(5, 11), AUDIT);
    expect(overlap.statusCode).toBe(409);
    // Right after the call is inside its 15-minute buffer; a quarter later is free.
    const inBuffer = await bookConsultation(app, buyers[1]!, slot(5, 12, 45));
    expect(inBuffer.statusCode).toBe(409);
    expect(inBuffer.json().message).toMatch(/too close to another appointment/);
    expect((await bookConsultation(app, buyers[1]!, slot(5, 13))).statusCode).toBe(201);

    const busy = await app.inject({ method: 'GET', url: `/api/bookings/busy?from=${encodeURIComponent(slot(5, 0))}&to=${encodeURIComponent(slot(6, 0))}` });
    expect(busy.statusCode).toBe(200);
    expect(busy.json()).toEqual([
      { start: slot(5, 12), end: slot(5, 12, 45) },
      { start: slot(5, 13), end: slot(5, 13, 45) },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/bookings/busy?from=x&to=y' })).statusCode).toBe(400);
  });

  it('refuses a forged signature without touching the order, and verifies a genuine one once', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(6, 10))).json();
    const paymentId = 'pay_genuine1';
    const forged = await verify(app, me, { razorpay_order_id: created.razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('invalid_signature');
    // A signature for another payment id does not transfer.
    const other = app.payments.sandbox!.signCheckout(created.razorpayOrderId, 'pay_other');
    expect((await verify(app, me, { razorpay_order_id: created.razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: other })).statusCode).toBe(400);
    expect((await getOrder(app, me, created.id)).json().status).toBe('created');

    const signature = app.payments.sandbox!.signCheckout(created.razorpayOrderId, paymentId);
    app.payments.sandbox!.recordPayment({ id: paymentId, providerOrderId: created.razorpayOrderId, amountPaise: 120000, currency: 'INR', status: 'captured' });
    const body = { razorpay_order_id: created.razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, package_id: STARTER.id, amount: 1 };
    const stranger = await buyer(app);
    expect((await verify(app, stranger, body)).statusCode).toBe(404);
    const first = await verify(app, me, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'paid', id: created.id });
    expect(first.json().ics_url).toMatch(new RegExp(`^/api/orders/${created.id}/invite\\.ics\\?token=`));
    const again = await verify(app, me, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('paid');

    await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Booking confirmed'));
    const mails = (await outbox(app)).map(decodeQp).filter((m) => m.includes(`To: ${me.email}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('invite.ics');
    expect(mails[0]).toMatch(/reschedule\?token=/);
    expect(mails[0]).toMatch(/cancel\?token=/);
  });

  it('settles a paid order by webhook when the browser callback is lost (the sandbox delivers it)', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(7, 10))).json();
    const res = await settle(app, created.razorpayOrderId, 'paid');
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('paid');
    // No verify call at all: the signed webhook alone made it paid.
    const order = (await getOrder(app, me, created.id)).json();
    expect(order.status).toBe('paid');
    expect(order.paid_at).toEqual(expect.any(String));
    // The browser's late callback is still accepted, with the sandbox's Razorpay-style signature.
    expect((await verify(app, me, res.json().response)).json().status).toBe('paid');
    // The sandbox can not pay an order twice.
    expect((await settle(app, created.razorpayOrderId, 'paid')).statusCode).toBe(409);
  });

  it('marks a failed payment failed, and a retried payment still succeeds', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(7, 12))).json();
    const failed = await settle(app, created.razorpayOrderId, 'failed');
    expect(failed.json()).toMatchObject({ outcome: 'failed', error: { reason: 'payment_failed' } });
    expect((await getOrder(app, me, created.id)).json().status).toBe('failed');
    await settle(app, created.razorpayOrderId, 'paid');
    expect((await getOrder(app, me, created.id)).json().status).toBe('paid');
  });

  it('refuses unsigned webhooks, ignores replays and survives events out of order', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(8, 10))).json();
    const orderId = created.razorpayOrderId;
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'deadbeef' },
      payload: JSON.stringify({ event: 'payment.captured', payload: paymentEntity(orderId, 'pay_x') }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error).toBe('invalid_signature');
    expect((await getOrder(app, me, created.id)).json().status).toBe('created');

    const first = await webhook(app, 'payment.captured', paymentEntity(orderId, 'pay_1'), 'evt_same');
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await webhook(app, 'payment.captured', paymentEntity(orderId, 'pay_1'), 'evt_same');
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    await nextMail(app, (m) => m.includes(`To: ${me.email}`));
    expect((await outbox(app)).map(decodeQp).filter((m) => m.includes(`To: ${me.email}`))).toHaveLength(1);

    // A late failure of an earlier attempt does not undo the payment.
    await webhook(app, 'payment.failed', paymentEntity(orderId, 'pay_0', 'failed'));
    expect((await getOrder(app, me, created.id)).json().status).toBe('paid');

    // The refund's event overtaking the payment's: the order ends refunded either way.
    const second = (await bookConsultation(app, me, slot(8, 12))).json();
    const refund = { refund: { entity: { id: 'rfnd_1', payment_id: 'pay_2', amount: 120000 } }, ...paymentEntity(second.razorpayOrderId, 'pay_2', 'refunded') };
    await webhook(app, 'refund.processed', refund);
    await webhook(app, 'payment.captured', paymentEntity(second.razorpayOrderId, 'pay_2'));
    expect((await getOrder(app, me, second.id)).json().status).toBe('refunded');
    // Events for orders the shop does not know are acknowledged (the provider stops retrying).
    expect((await webhook(app, 'payment.captured', paymentEntity('order_unknown', 'pay_3'))).statusCode).toBe(200);
  });

  it('sells the last seat to exactly one of 20 racing buyers', async () => {
    const { pkg } = await eventPackage(app, { capacity: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(app)));
    const results = await Promise.all(buyers.map((b) => createOrder(app, b, { package_id: pkg.id, amount: pkg.price })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode !== 201);
    expect(losers).toHaveLength(19);
    expect(losers.every((r) => r.statusCode === 409 && r.json().error === 'sold_out')).toBe(true);
    const winner = results.find((r) => r.statusCode === 201)!.json();
    expect(winner.amount).toBe(49900);
  });

  it('frees the seat when an unpaid hold runs out; a payment arriving after that is refunded', async () => {
    const { pkg } = await eventPackage(app, { capacity: 1 });
    const first = await buyer(app);
    const second = await buyer(app);
    const held = (await createOrder(app, first, { package_id: pkg.id, amount: pkg.price })).json();
    expect((await createOrder(app, second, { package_id: pkg.id, amount: pkg.price })).statusCode).toBe(409);
    await lapseHold(app, held.id);
    expect((await getOrder(app, first, held.id)).json().status).toBe('expired');
    expect((await settle(app, held.razorpayOrderId)).json().error).toBe('order_expired');
    const taken = await createOrder(app, second, { package_id: pkg.id, amount: pkg.price });
    expect(taken.statusCode).toBe(201);

    const late = app.payments.sandbox!.signCheckout(held.razorpayOrderId, 'pay_late');
    app.payments.sandbox!.recordPayment({ id: 'pay_late', providerOrderId: held.razorpayOrderId, amountPaise: pkg.price * 100, currency: 'INR', status: 'captured' });
    const res = await verify(app, first, { razorpay_order_id: held.razorpayOrderId, razorpay_payment_id: 'pay_late', razorpay_signature: late });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('order_expired');
    expect((await getOrder(app, first, held.id)).json().status).toBe('expired');
    const rows = await app.database.db.execute<{ provider_payment_id: string; provider_refund_id: string | null }>(
      sql`SELECT provider_payment_id, provider_refund_id FROM orders WHERE id = ${held.id}`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toMatchObject({ provider_payment_id: 'pay_late', provider_refund_id: expect.stringMatching(/^rfnd_sbx_/) });
    // The sweep writes what the reads already showed.
    await lapseHold(app, taken.json().id);
    expect(await app.checkout.expireHolds()).toBe(1);
    const swept = await app.database.db.execute<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${taken.json().id}`);
    expect((swept as unknown as { rows: { status: string }[] }).rows[0]!.status).toBe('expired');
  });

  it('refuses event packages whose event is not published or whose registration closed, and inactive packages', async () => {
    const me = await buyer(app);
    const { pkg, event } = await eventPackage(app, { capacity: 5 });
    await app.inject({ method: 'PUT', url: `/api/events/${event.id}`, headers: adminHeaders(app), payload: { status: 'cancelled' } });
    const unpublished = await createOrder(app, me, { package_id: pkg.id, amount: pkg.price });
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json().error).toBe('event_unavailable');

    const closed = await eventPackage(app, { capacity: 5, package_registration_deadline: new Date(Date.now() - 60_000).toISOString() });
    const late = await createOrder(app, me, { package_id: closed.pkg.id, amount: closed.pkg.price });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('registration_closed');

    const open = await eventPackage(app, { capacity: 5 });
    await app.inject({ method: 'PUT', url: `/api/packages/${open.pkg.id}/deactivate`, headers: adminHeaders(app) });
    expect((await createOrder(app, me, { package_id: open.pkg.id, amount: open.pkg.price })).statusCode).toBe(404);
  });

  it("lists only the caller's own orders, newest first, and hides another's order", async () => {
    const me = await buyer(app);
    const stranger = await buyer(app);
    const a = (await bookConsultation(app, me, slot(9, 10))).json();
    const b = (await bookConsultation(app, me, slot(9, 11))).json();
    await bookConsultation(app, stranger, slot(9, 12));
    const list = await app.inject({ method: 'GET', url: '/api/orders', headers: me.headers });
    expect(list.json().map((o: { id: string }) => o.id)).toEqual([b.id, a.id]);
    expect((await getOrder(app, stranger, a.id)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('limits order creation per buyer', async () => {
    const me = await buyer(app);
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) codes.push((await createOrder(app, me, { package_id: STARTER.id, amount: 1, start_time: slot(3, 11) })).statusCode);
    expect(codes.slice(0, 20).every((code) => code === 400)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
