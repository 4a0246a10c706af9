import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import {
  PaymentsConfig,
  PaymentWebhookAnswer,
  PaymentWebhookBody,
  SandboxSettleAnswer,
  SandboxSettleBody,
} from '@site/shared/contracts/orders';
import { HttpError } from '../../plugins/errors';
import type { PaymentEvent } from '../orders/service';
import { SANDBOX_CHECKOUT_JS } from './sandbox-checkout';

const tags = ['payments'];
/** The sandbox stands in for a card holder pressing Pay: generous, but not a free-for-all. */
export const SANDBOX_SETTLE_RATE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

type Entity = Record<string, unknown> | undefined;
const entityOf = (payload: Record<string, unknown>, name: string): Entity =>
  (payload[name] as { entity?: Record<string, unknown> } | undefined)?.entity;
const text = (entity: Entity, key: string): string | undefined => (typeof entity?.[key] === 'string' ? (entity[key] as string) : undefined);
const integer = (entity: Entity, key: string): number | undefined => (Number.isSafeInteger(entity?.[key]) ? (entity![key] as number) : undefined);

/** The payment event a Razorpay webhook describes, or undefined for events the shop does not act on. */
export function paymentEventOf(event: string, payload: Record<string, unknown>): PaymentEvent | undefined {
  const payment = entityOf(payload, 'payment');
  const order = entityOf(payload, 'order');
  const providerOrderId = text(payment, 'order_id') ?? text(order, 'id');
  if (!providerOrderId) return undefined;
  switch (event) {
    case 'payment.captured':
    case 'order.paid': {
      const paymentId = text(payment, 'id');
      // What was paid, as the provider reports it: compared with the order before it counts.
      const paid = { amountPaise: integer(payment, 'amount'), currency: text(payment, 'currency') };
      return paymentId ? { type: 'captured', providerOrderId, paymentId, paid } : undefined;
    }
    case 'payment.failed':
      return { type: 'failed', providerOrderId };
    case 'refund.processed': {
      const refund = entityOf(payload, 'refund');
      const refundId = text(refund, 'id');
      const paymentId = text(refund, 'payment_id') ?? text(payment, 'id');
      const amountPaise = integer(refund, 'amount');
      return refundId && paymentId && amountPaise !== undefined ? { type: 'refunded', providerOrderId, paymentId, refundId, amountPaise } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The key a webhook is de-duplicated by: the ids inside the signed body (the refund's, else the
 * payment's, else the order's, with the event's name), or the body's hash when it names none. The
 * event-id header is not covered by the signature, so a replayed body under a new header is still
 * the same delivery.
 */
export function webhookKeyOf(event: string, payload: Record<string, unknown>, rawBody: Buffer): string {
  const id = text(entityOf(payload, 'refund'), 'id') ?? text(entityOf(payload, 'payment'), 'id') ?? text(entityOf(payload, 'order'), 'id');
  const key = id ? `${event}:${id}` : undefined;
  return key && key.length <= 200 ? key : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/config',
    {
      schema: { tags, summary: 'Which checkout script to load, and the public key', response: { 200: PaymentsConfig } },
    },
    async () => ({ provider: app.payments.provider, keyId: app.payments.keyId, checkout_script_url: app.payments.checkoutScriptUrl }),
  );

  // The webhook reads its body as raw bytes: the signature covers them exactly.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      request.rawBody = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(new HttpError(400, 'bad_request', 'The body is not valid JSON.'), undefined);
      }
    });

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/payments/webhook',
      {
        // The signature is checked before anything in the body is believed.
        preValidation: async (request) => {
          const signature = request.headers['x-razorpay-signature'];
          if (!request.rawBody || !app.payments.webhookSignatureValid(request.rawBody, typeof signature === 'string' ? signature : undefined)) {
            throw new HttpError(400, 'invalid_signature', 'The webhook signature is not valid.');
          }
        },
        schema: {
          tags,
          summary: 'Payment provider webhook (signed; de-duplicated by the payment, refund or order id in its body)',
          security: [{ webhookSignature: [] }],
          body: PaymentWebhookBody,
          response: { 200: PaymentWebhookAnswer, 400: ApiErrorBody },
        },
      },
      async (request) => {
        const { event, payload } = request.body;
        const eventId = webhookKeyOf(event, payload, request.rawBody!);
        const paymentEvent = paymentEventOf(event, payload);
        const record = (tx: Parameters<typeof app.payments.recordWebhookEvent>[0]) => app.payments.recordWebhookEvent(tx, eventId, event);
        if (!paymentEvent) {
          const fresh = await app.database.db.transaction((tx) => record(tx));
          return { received: true as const, duplicate: !fresh };
        }
        const { duplicate } = await app.orders.applyPaymentEvent(paymentEvent, record);
        return { received: true as const, duplicate };
      },
    );
  });

  app.get(
    '/payments/sandbox/checkout.js',
    { schema: { tags, summary: "The sandbox's Checkout script (window.Razorpay)", hide: true } },
    async (_request, reply) => {
      if (!app.payments.sandbox) throw new HttpError(404, 'not_found', 'The sandbox is off: real payments are configured.');
      return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_CHECKOUT_JS);
    },
  );

  app.post(
    '/payments/sandbox/settle',
    {
      config: { rateLimit: SANDBOX_SETTLE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Sandbox only: pay or fail an order as the card holder would; also delivers the signed webhook',
        body: SandboxSettleBody,
        response: { 200: SandboxSettleAnswer, 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request) => {
      const sandbox = app.payments.sandbox;
      if (!sandbox) throw new HttpError(404, 'not_found', 'The sandbox is off: real payments are configured.');
      const { razorpay_order_id: providerOrderId, outcome } = request.body;
      const order = await app.orders.findForSandbox(providerOrderId);
      if (!order) throw new HttpError(404, 'not_found', 'Order not found.');
      // An order a real provider created (e.g. before its keys were removed) is paid only there.
      if (order.provider !== 'sandbox') {
        throw new HttpError(409, 'not_sandbox_order', 'This order was not made in the payment sandbox and can only be paid with its provider.');
      }
      if (order.status !== 'created' && order.status !== 'failed') {
        throw new HttpError(409, 'not_payable', `This order is ${order.status} and cannot be paid.`);
      }
      if (order.expiresAt <= new Date()) {
        throw new HttpError(409, 'order_expired', 'The hold on this order ran out. Please start again.');
      }
      const paymentId = `pay_sbx_${randomBytes(8).toString('hex')}`;
      sandbox.recordPayment({ id: paymentId, providerOrderId, amountPaise: order.amountPaise, currency: order.currency, status: outcome === 'paid' ? 'captured' : 'failed' });
      const event = outcome === 'paid' ? 'payment.captured' : 'payment.failed';
      const raw = JSON.stringify({
        entity: 'event',
        account_id: 'acc_sandbox',
        event,
        contains: ['payment'],
        payload: {
          payment: {
            entity: {
              id: paymentId,
              entity: 'payment',
              amount: order.amountPaise,
              currency: order.currency,
              status: outcome === 'paid' ? 'captured' : 'failed',
              order_id: providerOrderId,
              method: 'card',
              ...(outcome === 'failed' ? { error_code: 'BAD_REQUEST_ERROR', error_reason: 'payment_failed' } : {}),
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sandbox.signWebhook(raw),
          'x-razorpay-event-id': `evt_sbx_${randomBytes(8).toString('hex')}`,
        },
        payload: raw,
      });
      if (delivered.statusCode !== 200) {
        request.log.error({ status: delivered.statusCode }, 'sandbox webhook delivery failed');
        throw new Error('sandbox webhook delivery failed');
      }
      if (outcome === 'paid') {
        return {
          outcome: 'paid' as const,
          response: { razorpay_order_id: providerOrderId, razorpay_payment_id: paymentId, razorpay_signature: sandbox.signCheckout(providerOrderId, paymentId) },
        };
      }
      return {
        outcome: 'failed' as const,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed (sandbox).',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: providerOrderId, payment_id: paymentId },
        },
      };
    },
  );
};
