import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import {
  AdminOrderPage,
  AdminOrdersExportQuery,
  AdminOrdersQuery,
  AdminOrderStats,
  BusyAnswer,
  BusyQuery,
  Order,
  OrderIdParams,
  OrderList,
} from '@site/shared/contracts/orders';
import type { AdminOrder } from '@site/shared/contracts/orders';
import { toRupees } from '@site/shared/money';
import { noStore } from '../../lib/no-store';
import { istCell, istHeader, sendCsv, type CsvColumn } from '../../lib/csv';
import type { AdminOrderFilter } from './report-repository';

const tags = ['orders'];
const bearer = [{ bearer: [] }];

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
  { header: 'Amount (INR)', value: (o) => toRupees(o.amount_paise).toFixed(2) },
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
