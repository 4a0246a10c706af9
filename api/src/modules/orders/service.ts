import type { FastifyInstance } from 'fastify';
import type { BusyAnswer, Order } from '@site/shared/contracts/orders';
import type { Db } from '../../db/database';
import { storedSecret } from '../../db/settings';
import { servicePlugin } from '../../lib/service-plugin';
import { HttpError } from '../../plugins/errors';
import { createAdminReports } from './admin-reports';
import { createOrderLinks, type LinkAction } from './links';
import { orderRepository } from './repository';
import type { OrderRow } from './table';
import { createOrderViews } from './views';

export type { OrderRow } from './table';

/**
 * The order record as the site reads it: the buyer's own orders, the signed links of its e-mails,
 * how an order reads (to its buyer and to admins), and the admin's reports. Checkout and fulfilment
 * write it (decision 009).
 */
export function createOrdersService(app: FastifyInstance, linkSecret: string) {
  const db = app.database.db;
  const links = createOrderLinks(linkSecret);
  const { present, presentOne, toAdminOrders, ticketEvents } = createOrderViews(app, links);

  async function findOwn(userId: string, id: string): Promise<OrderRow> {
    const row = await orderRepository.findById(db, id);
    if (!row || row.userId !== userId) throw new HttpError(404, 'not_found', 'Order not found.');
    return row;
  }

  return {
    ...createAdminReports(app, toAdminOrders),
    present,
    presentOne,
    toAdminOrders,
    ticketEvents,
    link: links.link,
    findOwn,

    /** An order by id (`executor`: the caller's transaction). */
    findById: (id: string, executor: Db = db) => orderRepository.findById(executor, id),
    findByProviderOrderId: (providerOrderId: string, executor: Db = db) => orderRepository.findByProviderOrderId(executor, providerOrderId),
    listForUser: (userId: string, executor: Db = db) => orderRepository.listForUser(executor, userId),

    async findByLink(id: string, action: LinkAction, token: string | undefined): Promise<OrderRow> {
      const row = links.valid(action, id, token) ? await orderRepository.findById(db, id) : undefined;
      if (!row) throw new HttpError(404, 'not_found', 'This link is not valid.');
      return row;
    },

    /** Consultations holding their slot that meet [from, to), read in `executor` (the booking's transaction). */
    booked: (from: Date, to: Date, now: Date, executor: Db = db) => orderRepository.busy(executor, from, to, now),

    /** Paid, not cancelled consultations starting in [from, to): the consultant's own feed of bookings. */
    paidConsultations: (from: Date, to: Date) => orderRepository.paidConsultations(db, from, to),

    async busy(from: Date, to: Date): Promise<BusyAnswer> {
      return (await orderRepository.busy(db, from, to, new Date())).map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() }));
    },

    async listOwn(userId: string): Promise<Order[]> {
      return present(await orderRepository.listForUser(db, userId));
    },

    async getOwn(userId: string, id: string): Promise<Order> {
      return presentOne(await findOwn(userId, id));
    },

    /** Releases the holds and removes the personal fields of a deleting buyer's orders, in their transaction. */
    forgetBuyer: (userId: string, tx: Db) => orderRepository.forgetBuyer(tx, userId, new Date()),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

export const ordersPlugin = servicePlugin('orders', async (app) => createOrdersService(app, await storedSecret(app.database.db, 'order_link_secret')), {
  dependencies: ['database', 'users', 'events', 'packages'],
});
