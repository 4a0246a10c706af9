import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { PaymentWebhookAnswer, PaymentWebhookBody, SandboxSettleAnswer, SandboxSettleBody } from '@site/shared/contracts/orders';
import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import { paymentEventOf, sandboxWebhookBody, webhookKeyOf } from '../payments/webhook';

const tags = ['payments'];
/** The sandbox stands in for a card holder pressing Pay: generous, but not a free-for-all. */
export const SANDBOX_SETTLE_RATE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/** What the provider tells checkout: the signed webhook, and the sandbox's Pay and Fail that deliver one. */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
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
        const record = (tx: Tx) => app.payments.recordWebhookEvent(tx, eventId, event);
        if (!paymentEvent) {
          const fresh = await app.database.db.transaction((tx) => record(tx));
          return { received: true as const, duplicate: !fresh };
        }
        const { duplicate } = await app.checkout.applyPaymentEvent(paymentEvent, record);
        return { received: true as const, duplicate };
      },
    );
  });

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
      const order = await app.orders.findByProviderOrderId(providerOrderId);
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
      const payment = { id: `pay_sbx_${randomBytes(8).toString('hex')}`, providerOrderId, amountPaise: order.amountPaise, currency: order.currency };
      sandbox.recordPayment({ ...payment, status: outcome === 'paid' ? 'captured' : 'failed' });
      const raw = sandboxWebhookBody(payment, outcome === 'paid');
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
          response: { razorpay_order_id: providerOrderId, razorpay_payment_id: payment.id, razorpay_signature: sandbox.signCheckout(providerOrderId, payment.id) },
        };
      }
      return {
        outcome: 'failed' as const,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The sandbox declined the card.',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: providerOrderId, payment_id: payment.id },
        },
      };
    },
  );
};
