import type { FastifyInstance } from 'fastify';
import { REFUND_WINDOW_MS, RESCHEDULE_CUTOFF_HOURS, RESCHEDULE_CUTOFF_MS } from '@site/shared/contracts/booking-policy';
import type { Tx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import type { OrderRow } from '../orders/service';
import { isCancelled, manageable, reschedulable } from '../orders/views';
import type { Refunds } from './refunds';
import { checkoutRepository } from './repository';
import { checkStart, claimSlot, futureOnly } from './slots';

const notCancellable = () => new HttpError(409, 'not_cancellable', 'This booking can no longer be cancelled online. Please contact us.');
const alreadyCancelled = () => new HttpError(409, 'already_cancelled', 'This booking is already cancelled: there is nothing more to do.');
const tooSoon = () =>
  new HttpError(
    400,
    'too_soon',
    `A booking can only be moved to a time more than ${RESCHEDULE_CUTOFF_HOURS} hours ahead. Please choose a later time.`,
  );
const notReschedulable = () => new HttpError(409, 'not_reschedulable', 'This booking can no longer be moved online. Please contact us.');

/** What a buyer does to a paid booking through its e-mail's signed links: cancel it, move it. */
export function createBookingChanges(app: FastifyInstance, refunds: Refunds) {
  const db = app.database.db;

  return {
    notCancellable,
    notReschedulable,
    alreadyCancelled,

    /** Signed cancel link: frees the slot; refunds in full within the refund window. */
    async cancelByLink(row: OrderRow): Promise<{ refunded: boolean }> {
      const now = new Date();
      if (isCancelled(row)) throw alreadyCancelled();
      if (!manageable(row, now)) throw notCancellable();
      if (row.paidAt && now.getTime() - row.paidAt.getTime() <= REFUND_WINDOW_MS) {
        await refunds.refund(row.id, { cancelled: true, audit: (tx, refunded) => app.fulfilment.cancelled(tx, refunded, true) });
        return { refunded: true };
      }
      await db.transaction(async (tx) => {
        const cancelled = await checkoutRepository.cancelWithoutRefund(tx, row.id, now);
        if (!cancelled) throw notCancellable();
        await app.fulfilment.cancelled(tx, cancelled, false);
      });
      return { refunded: false };
    },

    /** Signed reschedule link: another free slot, until the cutoff before the booked start. */
    async rescheduleByLink(row: OrderRow, startIso: string, audit?: (tx: Tx, moved: OrderRow) => Promise<void>): Promise<OrderRow> {
      const now = new Date();
      if (!reschedulable(row, now)) throw notReschedulable();
      const start = new Date(startIso);
      if (Number.isNaN(start.getTime()) || start <= now) throw futureOnly();
      // Moving into the last day would dodge the cutoff: the new time must be as far ahead as an old one.
      if (start.getTime() - now.getTime() <= RESCHEDULE_CUTOFF_MS) throw tooSoon();
      checkStart(start, now);
      const end = new Date(start.getTime() + (row.endTime!.getTime() - row.startTime!.getTime()));
      const moved = await db.transaction(async (tx) => {
        await claimSlot(app.availability, tx, start, end, now, row.id);
        const updated = await checkoutRepository.reschedule(tx, row.id, start, end);
        if (updated) {
          await app.fulfilment.moved(tx, updated);
          await audit?.(tx, updated);
        }
        return updated;
      });
      if (!moved) throw notReschedulable();
      return moved;
    },
  };
}
