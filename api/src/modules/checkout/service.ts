import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@site/shared/contracts/orders';
import { storedSecret } from '../../db/settings';
import { servicePlugin } from '../../lib/service-plugin';
import { HttpError } from '../../plugins/errors';
import { createBookingChanges } from './changes';
import { createOrderTaking } from './create';
import { holdNetwork } from './holds';
import { createPaymentEvents } from './payment-events';
import { createRefunds } from './refunds';
import { checkoutRepository } from './repository';

export type { CreateOrderInput } from './create';

/** Expired holds are swept by a scheduled job, each minute, by one instance of the cluster. */
export const HOLD_SWEEP_QUEUE = 'orders.expire-holds';

/**
 * Checkout: an order made at the catalogue's price, holding its slot or seat; paid (verified in the
 * browser or reported by the webhook), released, refunded; a booking cancelled or moved by its link.
 */
export function createCheckoutService(app: FastifyInstance, holdSecret: string) {
  const db = app.database.db;
  const refunds = createRefunds(app);
  const { applyPaymentEvent, verify } = createPaymentEvents(app, refunds);

  return {
    ...createOrderTaking(app),
    ...createBookingChanges(app, refunds),
    applyPaymentEvent,
    verify,
    refund: refunds.refund,

    /** The address's network as the hold caps count it (see holdNetwork): a keyed hash, so no address is stored. */
    holdAddress: (ip: string) => createHmac('sha256', holdSecret).update(`hold:${holdNetwork(ip)}`).digest('hex').slice(0, 32),

    /**
     * The buyer closed the payment window (`drop` false) or gave the order up on /orders (`drop`
     * true): its seat or slot is free at once. Idempotent; a paid order is left as it is.
     */
    async release(userId: string, id: string, drop: boolean): Promise<Order> {
      const row = await app.orders.findOwn(userId, id);
      const now = new Date();
      if (drop && (row.status === 'paid' || row.status === 'refunded')) {
        throw new HttpError(409, 'not_unpaid', 'This order is paid: cancel the booking from its e-mail or contact us.');
      }
      const released = (await checkoutRepository.release(db, id, now, drop)) ?? (drop ? await checkoutRepository.drop(db, id, now) : undefined);
      return app.orders.presentOne(released ?? row);
    },

    expireHolds: () => checkoutRepository.expireHolds(db, new Date()),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

export const checkoutPlugin = servicePlugin(
  'checkout',
  async (app) => {
    const checkout = createCheckoutService(app, await storedSecret(app.database.db, 'order_hold_secret'));
    await app.jobs.define(HOLD_SWEEP_QUEUE, {
      options: { retryLimit: 0, expireInSeconds: 60 },
      handler: async () => {
        const expired = await checkout.expireHolds();
        if (expired > 0) app.log.info({ expired }, 'order holds expired');
      },
    });
    await app.jobs.schedule(HOLD_SWEEP_QUEUE, '* * * * *');
    return checkout;
  },
  { dependencies: ['database', 'jobs', 'orders', 'payments', 'fulfilment', 'users', 'events', 'packages', 'consultations', 'availability', 'metrics'] },
);
