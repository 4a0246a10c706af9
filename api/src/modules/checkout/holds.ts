import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import { clientNetwork } from '../../lib/client-network';
import { checkoutRepository } from './repository';

/** Live unpaid holds an account may have at once: holds must not block the calendar for free. */
export const HOLDS_PER_ACCOUNT = 2;

/** Who asks for a hold: the account, a keyed hash of its address, and the order being taken again (if any). */
export interface Hold {
  userId: string;
  address: string | null;
  orderId?: string;
}

/** The network an address counts under for the per-address cap: the one every limit uses. */
export const holdNetwork = clientNetwork;

const shortId = (id: string) => id.slice(0, 8);

/** The per-account and per-address caps on live unpaid holds, checked inside the order's transaction. */
export function createHoldLimits(perAddress: number) {
  return {
    /** Serialises one account's (and one address's) new holds, then refuses one over the cap. */
    async guard(tx: Tx, hold: Hold, now: Date): Promise<void> {
      // Always account before address before the slot or seat pool: one lock order, no deadlock.
      await checkoutRepository.lock(tx, `orders:holds:user:${hold.userId}`);
      const mine = (await checkoutRepository.liveHolds(tx, { userId: hold.userId }, now)).filter((row) => row.id !== hold.orderId);
      if (mine.length >= HOLDS_PER_ACCOUNT) {
        const oldest = mine[0]!;
        throw new HttpError(
          409,
          'too_many_unpaid_orders',
          `Your unpaid order for ${oldest.packageName} (order ${shortId(oldest.id)}) is still holding its place. ` +
            `Pay for it or cancel it in Your orders (/orders) first: at most ${HOLDS_PER_ACCOUNT} unpaid orders can wait at once.`,
          { order_id: oldest.id, pending_order_ids: mine.map((row) => row.id) },
        );
      }
      if (!hold.address) return;
      await checkoutRepository.lock(tx, `orders:holds:address:${hold.address}`);
      const fromAddress = (await checkoutRepository.liveHolds(tx, { holdAddress: hold.address }, now)).filter((row) => row.id !== hold.orderId);
      if (fromAddress.length >= perAddress) {
        throw new HttpError(
          409,
          'too_many_unpaid_orders_here',
          'Too many unpaid orders are waiting from your network. Please try again in a few minutes.',
        );
      }
    },
  };
}
