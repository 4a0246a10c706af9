import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { CreateOrderAnswer, CreateOrderBody, Order, OrderIdParams, RefundAnswer, VerifyPaymentBody } from '@site/shared/contracts/orders';
import { formatPaise } from '@site/shared/money';
import { noStore } from '../../lib/no-store';
import { clientKey } from '../../lib/client-network';

const tags = ['orders'];
const bearer = [{ bearer: [] }];

/** Per buyer: enough to retry a few times, too few to hoard seats or slots with unpaid orders. */
export const CREATE_ORDER_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;
export const VERIFY_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

interface RateLimit {
  max: number;
  timeWindow: string;
}

const perUser = (limit: RateLimit, name: string) => ({
  ...limit,
  // After requireUser, so the limit follows the account rather than a shared address.
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.sub ?? clientKey(request)}`,
});

const userErrors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody, 502: ApiErrorBody };
const adminErrors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody };

/** Checkout's routes: an order made, paid, verified, released or given up, and refunded by an admin. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A buyer's write: signed in, never cached, limited per account (`name` keys its count). */
  const buyerWrite = <S extends FastifySchema>(limit: RateLimit, name: string, schema: S) => ({
    onRequest: [noStore, app.requireUser],
    config: { rateLimit: perUser(limit, name) },
    schema: { tags, security: bearer, ...schema },
  });

  app.post(
    '/orders/create-order',
    buyerWrite(CREATE_ORDER_RATE_LIMIT, 'orders:create', {
      summary: 'Create an order for a consultation slot or a package; holds the seat or slot for ORDER_HOLD_MINUTES',
      body: CreateOrderBody,
      response: { 201: CreateOrderAnswer, ...userErrors },
    }),
    async (request, reply) => reply.code(201).send(await app.checkout.create(request.user.sub, request.body, app.checkout.holdAddress(request.ip))),
  );

  app.post(
    '/orders/:id/pay',
    buyerWrite(CREATE_ORDER_RATE_LIMIT, 'orders:create', {
      summary: "Pay an unpaid order of the caller's from /orders: takes its slot or seat again if still free, then answers as create-order",
      params: OrderIdParams,
      response: { 200: CreateOrderAnswer, ...userErrors },
    }),
    async (request) => {
      const row = await app.orders.findOwn(request.user.sub, request.params.id);
      return app.checkout.pay(request.user.sub, row, app.checkout.holdAddress(request.ip));
    },
  );

  app.post(
    '/orders/:id/release',
    buyerWrite(VERIFY_RATE_LIMIT, 'orders:release', {
      summary: "The buyer closed the payment window: the unpaid order's slot or seat is released at once (it stays payable from /orders)",
      params: OrderIdParams,
      response: { 200: Order, ...userErrors },
    }),
    async (request) => app.checkout.release(request.user.sub, request.params.id, false),
  );

  app.post(
    '/orders/:id/drop',
    buyerWrite(VERIFY_RATE_LIMIT, 'orders:release', {
      summary: "Cancel an unpaid order of the caller's: its slot or seat is released and it can no longer be paid",
      params: OrderIdParams,
      response: { 200: Order, ...userErrors },
    }),
    async (request) => app.checkout.release(request.user.sub, request.params.id, true),
  );

  app.post(
    '/orders/verify',
    buyerWrite(VERIFY_RATE_LIMIT, 'orders:verify', {
      summary: "Verify Checkout's signature for the caller's own order; marks it paid (idempotent)",
      body: VerifyPaymentBody,
      response: { 200: Order, ...userErrors },
    }),
    async (request) => app.checkout.verify(request.user.sub, request.body),
  );

  app.post(
    '/orders/:id/refund',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: bearer,
        summary: 'Refund a paid order in full through the payment provider (admin; audited)',
        params: OrderIdParams,
        response: { 200: RefundAnswer, ...adminErrors, 404: ApiErrorBody, 409: ApiErrorBody, 502: ApiErrorBody },
      },
    },
    async (request) => {
      const actor = await app.audit.actorOf(request);
      const row = await app.checkout.refund(request.params.id, {
        audit: (tx, refunded) =>
          app.audit.record(tx, {
            actor,
            action: 'refund',
            entity: 'order',
            entityId: refunded.id,
            label: `${refunded.packageName} (${formatPaise(refunded.amountPaise)})`,
          }),
      });
      const [order] = await app.orders.toAdminOrders([row]);
      return order!;
    },
  );
};
