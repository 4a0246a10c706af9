import type { FastifyInstance } from 'fastify';
import { isBookableStart, REFUND_WINDOW_MS, RESCHEDULE_CUTOFF_HOURS, RESCHEDULE_CUTOFF_MS } from '@site/shared/contracts/booking-policy';
import { HttpError } from '../../plugins/errors';
import { CONSULTATION_LOCK, futureOnly, outsideHours, slotTaken } from './checkout';
import type { OrderMails } from './mails';
import type { OrderPayments } from './payments';
import { orderRepository } from './repository';
import type { OrderRow } from './table';
import { isCancelled, manageable, reschedulable } from './views';

const notCancellable = () => new HttpError(409, 'not_cancellable', 'This booking can no longer be cancelled online. Please contact us.');
const alreadyCancelled = () => new HttpError(409, 'already_cancelled', 'This booking is already cancelled: there is nothing more to do.');
const tooSoon = () =>
  new HttpError(
    400,
    'too_soon',
    `A booking can only be moved to a time more than ${RESCHEDULE_CUTOFF_HOURS} hours ahead. Please choose a later time.`,
  );
const notReschedulable = () => new HttpError(409, 'not_reschedulable', 'This booking can no longer be moved online. Please contact us.');

/** What a buyer does to a paid booking: cancel it, move it, ask for its calendar invitation. */
export function createSelfService(app: FastifyInstance, mails: OrderMails, payments: OrderPayments) {
  const db = app.database.db;

  return {
    notCancellable,
    notReschedulable,
    alreadyCancelled,

    /** POST /calendar/create-event: the caller's own paid consultation, one invitation per order. */
    async invite(row: OrderRow | undefined) {
      if (!row || row.kind !== 'consultation') throw new HttpError(404, 'not_found', 'Booking not found.');
      if (row.status !== 'paid' || row.cancelledAt) throw new HttpError(409, 'not_paid', 'Only a paid booking gets a calendar invitation.');
      return { order_id: row.id, ...(await db.transaction((tx) => mails.queueInvitation(tx, row, false))) };
    },

    icsFor(row: OrderRow): string {
      if (row.kind !== 'consultation' || row.status !== 'paid' || row.cancelledAt) {
        throw new HttpError(404, 'not_found', 'No invitation for this order.');
      }
      return mails.ics(row);
    },

    /** Signed cancel link: frees the slot; refunds in full within the refund window. */
    async cancelByLink(row: OrderRow): Promise<{ refunded: boolean }> {
      const now = new Date();
      if (isCancelled(row)) throw alreadyCancelled();
      if (!manageable(row, now)) throw notCancellable();
      if (row.paidAt && now.getTime() - row.paidAt.getTime() <= REFUND_WINDOW_MS) {
        await payments.refund(row.id, { cancelled: true, audit: (tx, refunded) => mails.cancelled(tx, refunded, true) });
        return { refunded: true };
      }
      await db.transaction(async (tx) => {
        const cancelled = await orderRepository.cancelWithoutRefund(tx, row.id, now);
        if (!cancelled) throw notCancellable();
        await mails.cancelled(tx, cancelled, false);
      });
      return { refunded: false };
    },

    /** Signed reschedule link: another free slot, until the cutoff before the booked start. */
    async rescheduleByLink(row: OrderRow, startIso: string): Promise<OrderRow> {
      const now = new Date();
      if (!reschedulable(row, now)) throw notReschedulable();
      const start = new Date(startIso);
      if (Number.isNaN(start.getTime()) || start <= now) throw futureOnly();
      // Moving into the last day would dodge the cutoff: the new time must be as far ahead as an old one.
      if (start.getTime() - now.getTime() <= RESCHEDULE_CUTOFF_MS) throw tooSoon();
      if (!isBookableStart(start)) throw outsideHours();
      const end = new Date(start.getTime() + (row.endTime!.getTime() - row.startTime!.getTime()));
      const moved = await db.transaction(async (tx) => {
        await orderRepository.lock(tx, CONSULTATION_LOCK);
        if (await orderRepository.findOverlapping(tx, start, end, now, row.id)) throw slotTaken();
        const updated = await orderRepository.reschedule(tx, row.id, start, end);
        if (updated) await mails.moved(tx, updated);
        return updated;
      });
      if (!moved) throw notReschedulable();
      return moved;
    },
  };
}
