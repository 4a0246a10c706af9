import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders } from './content-helpers';
import { decodeQp, nextRawMail, outbox } from './outbox';
import {
  bookConsultation,
  buyer,
  createOrder,
  eventPackage,
  getOrder,
  lapseHold,
  settle,
  slot,
  verify,
  webhook,
  withAttachments,
  type TestBuyer,
} from './orders-helpers';

const to = (mail: string, who: TestBuyer) => new RegExp(`^To: ${who.email}$`, 'm').test(mail);
const payment = (orderId: string, paymentId: string, amount: number, currency = 'INR') => ({
  payment: { entity: { id: paymentId, order_id: orderId, status: 'captured', amount, currency } },
});
const refund = (orderId: string, paymentId: string, refundId: string, amount: number) => ({
  refund: { entity: { id: refundId, payment_id: paymentId, amount, currency: 'INR' } },
  payment: { entity: { id: paymentId, order_id: orderId, status: 'captured', amount: 120000, currency: 'INR' } },
});
const newId = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

describe.each(testDatabases())('payment events checked against the order on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  const refundedPaise = async (id: string) =>
    Number(((await app.database.db.execute(sql`SELECT refunded_paise FROM orders WHERE id = ${id}`)) as unknown as { rows: { refunded_paise: string }[] }).rows[0]!.refunded_paise);
  const busyAt = async (start: string) =>
    ((await app.inject({ method: 'GET', url: `/api/bookings/busy?from=${encodeURIComponent(start)}&to=${encodeURIComponent(new Date(Date.parse(start) + 3600_000).toISOString())}` })).json() as { start: string }[]).some(
      (s) => s.start === start,
    );

  it('a webhook payment of another amount or currency does not pay the order; the right one does', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(3, 10))).json();
    expect((await webhook(app, 'payment.captured', payment(created.razorpayOrderId, newId('pay'), 100))).statusCode).toBe(200);
    expect((await getOrder(app, me, created.id)).json().status).toBe('created');
    await webhook(app, 'payment.captured', payment(created.razorpayOrderId, newId('pay'), 120000, 'USD'));
    await webhook(app, 'order.paid', { payment: { entity: { id: newId('pay'), order_id: created.razorpayOrderId, status: 'captured' } } });
    expect((await getOrder(app, me, created.id)).json().status).toBe('created');
    await webhook(app, 'payment.captured', payment(created.razorpayOrderId, newId('pay'), 120000));
    expect((await getOrder(app, me, created.id)).json().status).toBe('paid');
  });

  it('the browser callback is checked against the provider record of the payment, not trusted for its amount', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(3, 12))).json();
    const cheap = newId('pay');
    app.payments.sandbox!.recordPayment({ id: cheap, providerOrderId: created.razorpayOrderId, amountPaise: 100, currency: 'INR', status: 'captured' });
    const sign = (id: string) => app.payments.sandbox!.signCheckout(created.razorpayOrderId, id);
    const res = await verify(app, me, { razorpay_order_id: created.razorpayOrderId, razorpay_payment_id: cheap, razorpay_signature: sign(cheap) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('amount_mismatch');
    expect((await getOrder(app, me, created.id)).json().status).toBe('created');
    // A payment the provider does not know, or one of another order, is refused.
    const unknown = newId('pay');
    expect((await verify(app, me, { razorpay_order_id: created.razorpayOrderId, razorpay_payment_id: unknown, razorpay_signature: sign(unknown) })).json().error).toBe('payment_not_found');
    const elsewhere = newId('pay');
    app.payments.sandbox!.recordPayment({ id: elsewhere, providerOrderId: 'order_other', amountPaise: 120000, currency: 'INR', status: 'captured' });
    expect((await verify(app, me, { razorpay_order_id: created.razorpayOrderId, razorpay_payment_id: elsewhere, razorpay_signature: sign(elsewhere) })).statusCode).toBe(400);
    expect((await getOrder(app, me, created.id)).json().status).toBe('created');
  });

  it('de-duplicates a replayed body by its payment id, whatever the unsigned event-id header says', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(4, 10))).json();
    const body = payment(created.razorpayOrderId, newId('pay'), 120000);
    expect((await webhook(app, 'payment.captured', body, 'evt_a')).json()).toEqual({ received: true, duplicate: false });
    expect((await webhook(app, 'payment.captured', body, 'evt_b')).json()).toEqual({ received: true, duplicate: true });
    await nextRawMail(app, (m) => to(m, me) && m.includes('Booking confirmed'));
    expect((await outbox(app)).map(decodeQp).filter((m) => to(m, me))).toHaveLength(1);
  });

  it('a partial refund keeps the slot and tells the buyer; the rest of it releases the slot and withdraws the invitation', async () => {
    const me = await buyer(app);
    const start = slot(5, 10);
    const created = (await bookConsultation(app, me, start)).json();
    await settle(app, created.razorpayOrderId);
    const paid = (await getOrder(app, me, created.id)).json();
    const paymentId = paid.provider_payment_id ?? (await app.orders.findByProviderOrderId(created.razorpayOrderId))!.providerPaymentId!;
    await nextRawMail(app, (m) => to(m, me) && m.includes('Booking confirmed'));

    const part = refund(created.razorpayOrderId, paymentId, newId('rfnd'), 50000);
    expect((await webhook(app, 'refund.processed', part, 'evt_1')).json().duplicate).toBe(false);
    // The same refund under another header is the same refund.
    expect((await webhook(app, 'refund.processed', part, 'evt_2')).json().duplicate).toBe(true);
    expect((await getOrder(app, me, created.id)).json().status).toBe('paid');
    expect(await refundedPaise(created.id)).toBe(50000);
    expect(await busyAt(start)).toBe(true);
    const partialMail = decodeQp(await nextRawMail(app, (m) => to(m, me) && m.includes('Partial refund issued')));
    // (The decoded text keeps ₹ as its UTF-8 bytes.)
    expect(partialMail).toMatch(/A partial refund of \S+500 of the \S+1,200 you paid/);
    expect(partialMail).toContain('Your booking stands.');
    expect(partialMail).not.toContain('METHOD:CANCEL');

    await webhook(app, 'refund.processed', refund(created.razorpayOrderId, paymentId, newId('rfnd'), 70000));
    expect((await getOrder(app, me, created.id)).json().status).toBe('refunded');
    expect(await refundedPaise(created.id)).toBe(120000);
    expect(await busyAt(start)).toBe(false);
    const fullMail = withAttachments(await nextRawMail(app, (m) => to(m, me) && m.includes('Subject: Refund issued')));
    expect(fullMail).toContain('METHOD:CANCEL');
    expect(fullMail).toContain(`UID:order-${created.id}@tinytitans.ai`);
    expect(fullMail).toContain('SEQUENCE:1');
  });

  it('a refund of a payment that did not pay the order changes nothing: not an unpaid hold, not a paid order', async () => {
    const me = await buyer(app);
    const start = slot(9, 10);
    const held = (await bookConsultation(app, me, start)).json();
    // Our own return of a mismatched payment echoes back as a refund of that payment.
    const wrong = newId('pay');
    await webhook(app, 'payment.captured', payment(held.razorpayOrderId, wrong, 100));
    await webhook(app, 'refund.processed', refund(held.razorpayOrderId, wrong, newId('rfnd'), 100));
    expect((await getOrder(app, me, held.id)).json().status).toBe('created');
    expect(await refundedPaise(held.id)).toBe(0);
    expect(await busyAt(start)).toBe(true);

    await settle(app, held.razorpayOrderId);
    // A second payment on the paid order, refunded in full, leaves the genuine payment standing.
    await webhook(app, 'refund.processed', refund(held.razorpayOrderId, newId('pay'), newId('rfnd'), 120000));
    expect((await getOrder(app, me, held.id)).json().status).toBe('paid');
    expect(await refundedPaise(held.id)).toBe(0);
    expect(await busyAt(start)).toBe(true);
  });

  it('two partial refunds arriving together that sum to the amount refund the order in full', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(10, 10))).json();
    await settle(app, created.razorpayOrderId);
    const paymentId = (await app.orders.findByProviderOrderId(created.razorpayOrderId))!.providerPaymentId!;
    await Promise.all([60000, 60000].map((amount) => webhook(app, 'refund.processed', refund(created.razorpayOrderId, paymentId, newId('rfnd'), amount))));
    expect((await getOrder(app, me, created.id)).json().status).toBe('refunded');
    expect(await refundedPaise(created.id)).toBe(120000);
  });

  it('a mismatched payment reported by both the checkout and the webhook is returned once', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(11, 10))).json();
    const paymentId = newId('pay');
    app.payments.sandbox!.recordPayment({ id: paymentId, providerOrderId: created.razorpayOrderId, amountPaise: 100, currency: 'INR', status: 'captured' });
    const refunds = vi.spyOn(app.payments, 'refund');
    try {
      const checkout = await verify(app, me, {
        razorpay_order_id: created.razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: app.payments.sandbox!.signCheckout(created.razorpayOrderId, paymentId),
      });
      expect(checkout.json().error).toBe('amount_mismatch');
      await webhook(app, 'payment.captured', payment(created.razorpayOrderId, paymentId, 100));
      expect(refunds.mock.calls.filter(([id]) => id === paymentId)).toHaveLength(1);
    } finally {
      refunds.mockRestore();
    }
  });

  it('an admin refund e-mails the buyer; a consultation gets its calendar entry withdrawn (same UID, next SEQUENCE)', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(6, 10))).json();
    await settle(app, created.razorpayOrderId);
    const confirmation = withAttachments(await nextRawMail(app, (m) => to(m, me) && m.includes('Booking confirmed')));
    expect(confirmation).not.toMatch(/SEQUENCE:[1-9]/);
    const res = await app.inject({ method: 'POST', url: `/api/orders/${created.id}/refund`, headers: adminHeaders(app) });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('refunded');
    const raw = await nextRawMail(app, (m) => to(m, me) && m.includes('Subject: Refund issued'));
    expect(decodeQp(raw)).toMatch(/A full refund of \S+1,200\b(?!\.)/);
    expect(decodeQp(raw)).toContain('The booking is cancelled and its calendar entry withdrawn.');
    const mail = withAttachments(raw);
    expect(mail).toContain('METHOD:CANCEL');
    expect(mail).toContain(`UID:order-${created.id}@tinytitans.ai`);
    expect(mail).toContain('SEQUENCE:1');

    // A ticket's refund mail names it and carries no calendar.
    const { pkg } = await eventPackage(app, { capacity: 3 });
    const ticket = (await createOrder(app, me, { package_id: pkg.id, amount: pkg.price })).json();
    await settle(app, ticket.razorpayOrderId);
    await app.inject({ method: 'POST', url: `/api/orders/${ticket.id}/refund`, headers: adminHeaders(app) });
    const ticketMail = decodeQp(await nextRawMail(app, (m) => to(m, me) && m.includes('Subject: Refund issued: Workshop ticket')));
    expect(ticketMail).toMatch(/A full refund of \S+499 for Workshop ticket/);
    expect(ticketMail).not.toContain('text/calendar');
  });

  it('a payment arriving after its hold ran out is refunded automatically and the buyer is told', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(7, 10))).json();
    await lapseHold(app, created.id);
    await webhook(app, 'payment.captured', payment(created.razorpayOrderId, newId('pay'), 120000));
    expect((await getOrder(app, me, created.id)).json().status).toBe('expired');
    const mail = decodeQp(await nextRawMail(app, (m) => to(m, me) && m.includes('Subject: Refund issued')));
    expect(mail).toContain('arrived after the hold on your order ran out');
  });
});
