import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { BusyAnswer, Order } from '@site/shared/contracts/orders';
import type { Db } from '../../db/database';
import { storedSecret } from '../../db/settings';
import { HttpError } from '../../plugins/errors';
import { createAdminReports } from './admin-reports';
import { createCheckout } from './checkout';
import { createOrderLinks, type LinkAction } from './links';
import { holdNetwork } from './holds';
import { createOrderMails } from './mails';
import { createOrderPayments } from './payments';
import { orderRepository } from './repository';
import { createSelfService } from './self-service';
import type { OrderRow } from './table';
import { createOrderViews } from './views';

export type { CreateOrderInput } from './checkout';
export type { PaymentEvent } from './payments';

/** Expired holds are swept by a scheduled job, each minute, by one instance of the cluster. */
export const HOLD_SWEEP_QUEUE = 'orders.expire-holds';

/**
 * The orders service: its jobs live in their own files (checkout, payments, self-service, mails,
 * links, admin reports); this composes them and keeps the buyer's own reads and the hold sweep.
 */
export function createOrdersService(app: FastifyInstance, linkSecret: string) {
  const db = app.database.db;
  const links = createOrderLinks(linkSecret);
  const { present, presentOne, toAdminOrders, ticketEvents } = createOrderViews(app, links);
  const mails = createOrderMails(app, links, ticketEvents);
  const payments = createOrderPayments(app, mails);
  const selfService = createSelfService(app, mails, payments);

  async function findOwn(userId: string, id: string): Promise<OrderRow> {
    const row = await orderRepository.findById(db, id);
    if (!row || row.userId !== userId) throw new HttpError(404, 'not_found', 'Order not found.');
    return row;
  }

  return {
    ...createCheckout(app),
    ...payments,
    ...selfService,
    ...createAdminReports(app, toAdminOrders),
    toAdminOrders,
    reminders: mails.reminders,
    link: links.link,
    linkValid: links.valid,
    findOwn,

    async findByLink(id: string, action: LinkAction, token: string | undefined): Promise<OrderRow> {
      const row = links.valid(action, id, token) ? await orderRepository.findById(db, id) : undefined;
      if (!row) throw new HttpError(404, 'not_found', 'This link is not valid.');
      return row;
    },

    async busy(from: Date, to: Date): Promise<BusyAnswer> {
      return (await orderRepository.busy(db, from, to, new Date())).map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() }));
    },

    async listOwn(userId: string): Promise<Order[]> {
      return present(await orderRepository.listForUser(db, userId));
    },

    /** Releases the holds and removes the personal fields of a deleting buyer's orders, in their transaction. */
    async forgetBuyer(userId: string, tx: Db): Promise<void> {
      // With the address gone no reminder could reach anyone: the paid bookings' reminders go too.
      for (const row of await orderRepository.listForUser(tx, userId)) {
        if (row.status === 'paid') await mails.reminders.drop(tx, row.id);
      }
      await orderRepository.forgetBuyer(tx, userId, new Date());
    },

    async getOwn(userId: string, id: string): Promise<Order> {
      return presentOne(await findOwn(userId, id));
    },

    /** The address's network as the hold caps count it (see holdNetwork): a keyed hash, so no address is stored. */
    holdAddress: (ip: string) => createHmac('sha256', linkSecret).update(`hold:${holdNetwork(ip)}`).digest('hex').slice(0, 32),

    /**
     * The buyer closed the payment window (`drop` false) or gave the order up on /orders (`drop`
     * true): its seat or slot is free at once. Idempotent; a paid order is left as it is.
     */
    async release(userId: string, id: string, drop: boolean): Promise<Order> {
      const row = await findOwn(userId, id);
      const now = new Date();
      if (drop && (row.status === 'paid' || row.status === 'refunded')) {
        throw new HttpError(409, 'not_unpaid', 'This order is paid: cancel the booking from its e-mail or contact us.');
      }
      const released = (await orderRepository.release(db, id, now, drop)) ?? (drop ? await orderRepository.drop(db, id, now) : undefined);
      return presentOne(released ?? row);
    },

    /** The browser's checkout callback: the signature decides, the order must be the caller's. */
    async verify(userId: string, body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }): Promise<Order> {
      const row = await orderRepository.findByProviderOrderId(db, body.razorpay_order_id);
      if (!row || row.userId !== userId) throw new HttpError(404, 'not_found', 'Order not found.');
      if (!app.payments.checkoutSignatureValid(row.providerOrderId!, body.razorpay_payment_id, body.razorpay_signature)) {
        throw new HttpError(400, 'invalid_signature', 'Payment verification failed. Please contact support.');
      }
      if ((row.status === 'paid' || row.status === 'refunded') && row.providerPaymentId === body.razorpay_payment_id) return presentOne(row);
      // The signature proves who paid which order, not how much: the provider's record says that.
      const payment = await app.payments.fetchPayment(body.razorpay_payment_id).catch((error: unknown) => {
        app.log.error({ err: { message: (error as Error).message }, orderId: row.id }, 'payment lookup failed');
        throw new HttpError(502, 'payment_lookup_failed', 'The payment could not be confirmed with the provider yet. Your order updates as soon as it is.');
      });
      if (!payment || payment.providerOrderId !== row.providerOrderId || !['captured', 'authorized'].includes(payment.status)) {
        throw new HttpError(400, 'payment_not_found', 'Payment verification failed. Please contact support.');
      }
      const paid = { amountPaise: payment.amountPaise, currency: payment.currency };
      const { order, mismatch } = await payments.applyPaymentEvent({ type: 'captured', providerOrderId: row.providerOrderId!, paymentId: payment.id, paid });
      if (mismatch) {
        throw new HttpError(409, 'amount_mismatch', 'The amount paid does not match the order, so it was not accepted. Any amount charged is refunded.');
      }
      if (!order || (order.status !== 'paid' && order.status !== 'refunded')) {
        throw new HttpError(409, 'order_expired', 'The hold on this booking ran out before the payment arrived. Any amount charged is refunded.');
      }
      return presentOne(order);
    },

    /** The provider order for the sandbox's settle call (any caller: the sandbox stands in for the card holder). */
    async findForSandbox(providerOrderId: string): Promise<OrderRow | undefined> {
      return orderRepository.findByProviderOrderId(db, providerOrderId);
    },

    /** POST /calendar/create-event: by order id, or the caller's paid consultation starting at `start`. */
    async inviteOwn(userId: string, target: { orderId?: string | undefined; start?: string | undefined }) {
      let row: OrderRow | undefined;
      if (target.orderId) row = await findOwn(userId, target.orderId);
      else if (target.start) {
        const start = Date.parse(target.start);
        row = (await orderRepository.listForUser(db, userId)).find(
          (order) => order.kind === 'consultation' && order.status === 'paid' && order.startTime?.getTime() === start,
        );
      }
      return selfService.invite(row);
    },

    expireHolds: () => orderRepository.expireHolds(db, new Date()),

    /** The queues of orders: the hold sweep (every minute) and the Google Calendar event. */
    async defineJobs(): Promise<void> {
      await mails.defineJobs();
      await app.jobs.define(HOLD_SWEEP_QUEUE, {
        options: { retryLimit: 0, expireInSeconds: 60 },
        handler: async () => {
          const expired = await orderRepository.expireHolds(db, new Date());
          if (expired > 0) app.log.info({ expired }, 'order holds expired');
        },
      });
      await app.jobs.schedule(HOLD_SWEEP_QUEUE, '* * * * *');
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/** Orders: seat and slot holds at the catalogue's prices, payment events, refunds, booking changes. */
export const ordersPlugin = fp(
  async (app) => {
    const orders = createOrdersService(app, await storedSecret(app.database.db, 'order_link_secret'));
    app.decorate('orders', orders);
    await orders.defineJobs();
  },
  { name: 'orders', dependencies: ['database', 'payments', 'mail', 'jobs', 'mail-queue', 'accounts', 'calendar', 'events', 'packages', 'consultations', 'metrics'] },
);
