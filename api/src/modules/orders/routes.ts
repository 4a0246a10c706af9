import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { ApiErrorBody } from '@site/shared/contracts/common';
import {
  AdminOrderPage,
  AdminOrdersExportQuery,
  AdminOrdersQuery,
  AdminOrderStats,
  BusyAnswer,
  BusyQuery,
  CreateOrderAnswer,
  CreateOrderBody,
  Order,
  OrderIdParams,
  OrderList,
  RefundAnswer,
  VerifyPaymentBody,
} from '@site/shared/contracts/orders';
import type { AdminOrder } from '@site/shared/contracts/orders';
import { formatPaise } from '@site/shared/money';
import { noStore } from '../../lib/no-store';
import { istCell, istHeader, sendCsv, type CsvColumn } from '../../lib/csv';
import type { AdminOrderFilter } from './report-repository';

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
  keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.sub ?? request.ip}`,
});

const userErrors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody, 502: ApiErrorBody };
const adminErrors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody };

const filterOf = (query: { status?: AdminOrderFilter['status']; kind?: AdminOrderFilter['kind']; from?: string; to?: string }): AdminOrderFilter => ({
  ...(query.status ? { status: query.status } : {}),
  ...(query.kind ? { kind: query.kind } : {}),
  ...(query.from ? { from: new Date(query.from) } : {}),
  ...(query.to ? { to: new Date(query.to) } : {}),
});

const CSV_COLUMNS: readonly CsvColumn<AdminOrder>[] = [
  { header: 'Order', value: (o) => o.id },
  { header: istHeader('Ordered'), value: (o) => istCell(o.created_at) },
  { header: 'Status', value: (o) => o.status },
  { header: 'Kind', value: (o) => o.kind },
  { header: 'Package', value: (o) => o.package_name },
  // A plain number, so a spreadsheet can add it up; the header names the currency.
  { header: 'Amount (INR)', value: (o) => (o.amount_paise / 100).toFixed(2) },
  { header: 'Buyer', value: (o) => o.buyer_username },
  { header: 'Buyer email', value: (o) => o.buyer_email },
  { header: 'Attendee email', value: (o) => o.attendee_email },
  { header: istHeader('Starts'), value: (o) => istCell(o.start_time) },
  { header: istHeader('Ends'), value: (o) => istCell(o.end_time) },
  { header: istHeader('Paid'), value: (o) => istCell(o.paid_at) },
  { header: istHeader('Refunded'), value: (o) => istCell(o.refunded_at) },
  { header: 'Provider', value: (o) => o.provider },
  { header: 'Provider order', value: (o) => o.provider_order_id },
  { header: 'Provider payment', value: (o) => o.provider_payment_id },
];

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/busy',
    {
      schema: {
        tags,
        summary: 'Taken consultation slots between two instants (at most 62 days); no personal data',
        querystring: BusyQuery,
        response: { 200: BusyAnswer, 400: ApiErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.orders.busy(new Date(request.query.from), new Date(request.query.to));
    },
  );

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
    async (request, reply) => reply.code(201).send(await app.orders.create(request.user.sub, request.body, app.orders.holdAddress(request.ip))),
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
      return app.orders.pay(request.user.sub, row, app.orders.holdAddress(request.ip));
    },
  );

  app.post(
    '/orders/:id/release',
    buyerWrite(VERIFY_RATE_LIMIT, 'orders:release', {
      summary: "The buyer closed the payment window: the unpaid order's slot or seat is released at once (it stays payable from /orders)",
      params: OrderIdParams,
      response: { 200: Order, ...userErrors },
    }),
    async (request) => app.orders.release(request.user.sub, request.params.id, false),
  );

  app.post(
    '/orders/:id/drop',
    buyerWrite(VERIFY_RATE_LIMIT, 'orders:release', {
      summary: "Cancel an unpaid order of the caller's: its slot or seat is released and it can no longer be paid",
      params: OrderIdParams,
      response: { 200: Order, ...userErrors },
    }),
    async (request) => app.orders.release(request.user.sub, request.params.id, true),
  );

  app.post(
    '/orders/verify',
    buyerWrite(VERIFY_RATE_LIMIT, 'orders:verify', {
      summary: "Verify Checkout's signature for the caller's own order; marks it paid (idempotent)",
      body: VerifyPaymentBody,
      response: { 200: Order, ...userErrors },
    }),
    async (request) => app.orders.verify(request.user.sub, request.body),
  );

  app.get(
    '/orders',
    {
      onRequest: [noStore, app.requireUser],
      schema: { tags, security: bearer, summary: "The caller's orders, newest first", response: { 200: OrderList, 401: ApiErrorBody } },
    },
    async (request) => app.orders.listOwn(request.user.sub),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: [noStore, app.requireUser],
      schema: {
        tags,
        security: bearer,
        summary: "One of the caller's orders (another's answers 404)",
        params: OrderIdParams,
        response: { 200: Order, 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => app.orders.getOwn(request.user.sub, request.params.id),
  );

  app.get(
    '/orders/:id/invite.ics',
    {
      schema: {
        tags,
        summary: 'The calendar invitation of a paid consultation: the signed link, or the buyer with a bearer token',
        // Either will do: the link's signed token, or the buyer's own session.
        security: [{ signedLink: [] }, { bearer: [] }],
        produces: ['text/calendar'],
        params: OrderIdParams,
        querystring: z.strictObject({ token: z.string().max(200).optional() }),
        response: { 200: z.string(), 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let row;
      if (request.query.token !== undefined) row = await app.orders.findByLink(id, 'ics', request.query.token);
      else {
        await app.requireUser(request, reply);
        row = await app.orders.findOwn(request.user.sub, id);
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invite.ics"')
        .header('cache-control', 'private, no-store')
        .send(app.orders.icsFor(row));
    },
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
      const row = await app.orders.refund(request.params.id, {
        audit: (tx, refunded) =>
          app.audit.record(tx, {
            actor,
            action: 'refund',
            entity: 'order',
            entityId: refunded.id,
            label: `${refunded.packageName} (${formatPaise(refunded.amountPaise, { paise: true })})`,
          }),
      });
      const [order] = await app.orders.toAdminOrders([row]);
      return order!;
    },
  );

  app.get(
    '/admin/orders',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: bearer,
        summary: 'Orders with their buyers, newest first, filtered and paged (admin)',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrderPage, ...adminErrors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      return app.orders.adminPage(filterOf(request.query), page, page_size);
    },
  );

  app.get(
    '/admin/orders/export.csv',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: bearer,
        summary: 'The filtered orders as a streamed CSV download (admin)',
        produces: ['text/csv'],
        querystring: AdminOrdersExportQuery,
        response: { 200: z.any(), ...adminErrors },
      },
    },
    async (request, reply) => sendCsv(reply, 'orders', app.orders.adminExport(filterOf(request.query)), CSV_COLUMNS),
  );

  app.get(
    '/admin/orders/stats',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: bearer,
        summary: 'Paid orders and revenue per week (last 12 weeks) and bookings per day ahead (14 days) (admin)',
        response: { 200: AdminOrderStats, ...adminErrors },
      },
    },
    async () => app.orders.stats(),
  );
};
