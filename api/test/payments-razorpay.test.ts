import { createHmac } from 'node:crypto';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { bookConsultation, buyer, getOrder, slot, STARTER } from './orders-helpers';

const KEY_ID = 'rzp_test_k3y';
const KEY_SECRET = 'razorpay-key-secret-for-tests';
const WEBHOOK_SECRET = 'razorpay-webhook-secret-for-tests';
const API = 'https://api.razorpay.com';
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

describe.each(testDatabases())('Razorpay provider (SDK calls intercepted) on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), {
    env: { RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  afterEach(() => nock.cleanAll());

  it('creates the Razorpay order through the SDK with our order id as receipt', async () => {
    let sent: { amount: number; currency: string; receipt: string } | undefined;
    const scope = nock(API)
      .post('/v1/orders')
      .basicAuth({ user: KEY_ID, pass: KEY_SECRET })
      .reply(200, (_uri, body) => {
        sent = body as typeof sent;
        return { id: 'order_RZP0001', entity: 'order', amount: sent!.amount, currency: 'INR', receipt: sent!.receipt, status: 'created' };
      });
    const me = await buyer(app);
    const res = await bookConsultation(app, me, slot(3, 10));
    expect(res.statusCode).toBe(201);
    expect(scope.isDone()).toBe(true);
    expect(res.json()).toMatchObject({ razorpayOrderId: 'order_RZP0001', amount: 120000, currency: 'INR', keyId: KEY_ID, provider: 'razorpay' });
    expect(sent).toMatchObject({ amount: 120000, currency: 'INR', receipt: res.json().id });

    const config = (await app.inject({ method: 'GET', url: '/api/payments/config' })).json();
    expect(config).toEqual({ provider: 'razorpay', keyId: KEY_ID, checkout_script_url: 'https://checkout.razorpay.com/v1/checkout.js' });
    expect((await app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/payments/sandbox/settle', payload: { razorpay_order_id: 'order_RZP0001', outcome: 'paid' } })).statusCode).toBe(404);
    const csp = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src[^;]*https:\/\/checkout\.razorpay\.com/);

    // Checkout's signature with the key secret verifies; the same code path as the sandbox.
    const forged = await app.inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: me.headers,
      payload: { razorpay_order_id: 'order_RZP0001', razorpay_payment_id: 'pay_R1', razorpay_signature: hmac('wrong', 'order_RZP0001|pay_R1') },
    });
    expect(forged.statusCode).toBe(400);
    // The amount paid is read from Razorpay's record of the payment, not from the browser.
    const lookup = nock(API)
      .get('/v1/payments/pay_R1')
      .reply(200, { id: 'pay_R1', entity: 'payment', amount: 120000, currency: 'INR', status: 'captured', order_id: 'order_RZP0001' });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: me.headers,
      payload: { razorpay_order_id: 'order_RZP0001', razorpay_payment_id: 'pay_R1', razorpay_signature: hmac(KEY_SECRET, 'order_RZP0001|pay_R1') },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('paid');
    expect(lookup.isDone()).toBe(true);

    // The admin refund goes to Razorpay's refund api.
    let refundBody: { amount?: number } | undefined;
    const refund = nock(API)
      .post('/v1/payments/pay_R1/refund')
      .reply(200, (_uri, body) => {
        refundBody = body as typeof refundBody;
        return { id: 'rfnd_R1', entity: 'refund', payment_id: 'pay_R1', amount: 120000, status: 'processed' };
      });
    const admin = await buyer(app, 'admin');
    const refunded = await app.inject({ method: 'POST', url: `/api/orders/${res.json().id}/refund`, headers: admin.headers });
    expect(refunded.statusCode).toBe(200);
    expect(refund.isDone()).toBe(true);
    expect(refundBody?.amount).toBe(120000);
    expect(refunded.json().status).toBe('refunded');
  });

  it('settles by a webhook signed with RAZORPAY_WEBHOOK_SECRET, and only that secret', async () => {
    nock(API).post('/v1/orders').reply(200, { id: 'order_RZP0002', entity: 'order', amount: 120000, currency: 'INR', status: 'created' });
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(4, 10))).json();
    const raw = JSON.stringify({
      entity: 'event',
      event: 'order.paid',
      payload: {
        payment: { entity: { id: 'pay_R2', order_id: 'order_RZP0002', status: 'captured', amount: 120000, currency: 'INR' } },
        order: { entity: { id: 'order_RZP0002', status: 'paid' } },
      },
    });
    const post = (secret: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(secret, raw), 'x-razorpay-event-id': 'evt_R2' },
        payload: raw,
      });
    expect((await post(KEY_SECRET)).statusCode).toBe(400);
    expect((await getOrder(app, me, created.id)).json().status).toBe('created');
    expect((await post(WEBHOOK_SECRET)).json()).toEqual({ received: true, duplicate: false });
    expect((await getOrder(app, me, created.id)).json().status).toBe('paid');
  });

  it("refuses a signed checkout whose payment, as Razorpay records it, is not the order's amount, and returns it", async () => {
    nock(API).post('/v1/orders').reply(200, { id: 'order_RZP0004', entity: 'order', amount: 120000, currency: 'INR', status: 'created' });
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(6, 10))).json();
    nock(API).get('/v1/payments/pay_R4').reply(200, { id: 'pay_R4', entity: 'payment', amount: 100, currency: 'INR', status: 'captured', order_id: 'order_RZP0004' });
    let refunded: { amount?: number } | undefined;
    const refund = nock(API)
      .post('/v1/payments/pay_R4/refund')
      .reply(200, (_uri, body) => {
        refunded = body as typeof refunded;
        return { id: 'rfnd_R4', entity: 'refund', payment_id: 'pay_R4', amount: 100, status: 'processed' };
      });
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: me.headers,
      payload: { razorpay_order_id: 'order_RZP0004', razorpay_payment_id: 'pay_R4', razorpay_signature: hmac(KEY_SECRET, 'order_RZP0004|pay_R4') },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('amount_mismatch');
    expect((await getOrder(app, me, created.id)).json().status).toBe('created');
    expect(refund.isDone()).toBe(true);
    expect(refunded?.amount).toBe(100);
  });

  it('answers 502 when Razorpay refuses the order, and the slot is not held', async () => {
    nock(API).post('/v1/orders').reply(500, { error: { code: 'SERVER_ERROR', description: 'down' } });
    const me = await buyer(app);
    const res = await bookConsultation(app, me, slot(5, 10));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'payment_unavailable', message: 'Payment could not be started. Try again.' });
    nock(API).post('/v1/orders').reply(200, { id: 'order_RZP0003', entity: 'order', amount: 120000, currency: 'INR', status: 'created' });
    expect((await bookConsultation(app, await buyer(app), slot(5, 10), STARTER)).statusCode).toBe(201);
  });
});
