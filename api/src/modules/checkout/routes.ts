import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import {
  AdminBookings,
  AdminBookingsQuery,
  AdminMoveBody,
  AdminOrder,
  CreateOrderAnswer,
  CreateOrderBody,
  Order,
  OrderIdParams,
  RefundAnswer,
  VerifyPaymentBody,
} from '@site/shared/contracts/orders';
import { formatWhen } from '@site/shared/dates';
import { formatPaise } from '@site/shared/money';
import { noStore } from '../../lib/no-store';
import { HttpError } from '../../plugins/errors';
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

  app.get(
    '/admin/bookings',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: "The admin's agenda: paid consultations starting on the IST dates from..to (at most 31 days), soonest first, with buyer, link and topic",
        querystring: AdminBookingsQuery,
        response: { 200: AdminBookings, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody },
      },
    },
    async (request) => {
      // IST midnight of `from` up to IST midnight after `to`.
      const from = new Date(Date.parse(request.query.from) - IST_OFFSET_MS);
      const to = new Date(Date.parse(request.query.to) + 86_400_000 - IST_OFFSET_MS);
      return app.orders.toAdminOrders(await app.orders.paidConsultations(from, to));
    },
  );

  app.post(
    '/admin/orders/:id/move',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: "Move a paid booking to another free start, under the buyer's reschedule rules; the buyer gets the updated invitation (admin; audited)",
        params: OrderIdParams,
        body: AdminMoveBody,
        response: { 200: AdminOrder, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => {
      const row = await app.orders.findById(request.params.id);
      if (!row || row.kind !== 'consultation') throw new HttpError(404, 'not_found', 'Booking not found.');
      const actor = await app.audit.actorOf(request);
      const moved = await app.checkout.rescheduleByLink(row, request.body.start_time, (tx, changed) =>
        app.audit.record(tx, { actor, action: 'update', entity: 'order', entityId: changed.id, label: `Moved to ${formatWhen(changed.startTime!)}` }),
      );
      return (await app.orders.toAdminOrders([moved]))[0]!;
    },
  );

};
