import type { FastifyInstance } from 'fastify';
import { RESCHEDULE_CUTOFF_MS } from '@site/shared/contracts/booking-policy';
import type { AdminOrder, Order, OrderEvent } from '@site/shared/contracts/orders';
import type { Db } from '../../db/database';
import type { OrderLinks } from './links';
import type { OrderRow } from './table';
import { createTicketEvents } from './ticket-events';

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A paid consultation not yet started and not cancelled: its buyer may still move or cancel it. */
export const manageable = (row: OrderRow, now = new Date()) =>
  row.kind === 'consultation' && row.status === 'paid' && !row.cancelledAt && row.startTime! > now;

/** A booking its buyer cancelled (refunded or not) or an admin refunded: its links say so. */
export const isCancelled = (row: OrderRow) => row.kind === 'consultation' && (row.status === 'refunded' || Boolean(row.cancelledAt));

/** Whether a booking may still be moved: manageable, and more than the cutoff before its start. */
export const reschedulable = (row: OrderRow, now = new Date()) =>
  manageable(row, now) && row.startTime!.getTime() - now.getTime() > RESCHEDULE_CUTOFF_MS;

/** How long an unpaid order may still be paid from /orders (its slot or seat taken again if free). */
export const PAYABLE_FOR_MS = 24 * 3_600_000;

/** Unpaid, never charged, not given up, recent, and (a consultation) still ahead. */
export const payable = (row: OrderRow, now = new Date()) =>
  (row.status === 'created' || row.status === 'failed' || row.status === 'expired') &&
  !row.providerPaymentId &&
  !row.cancelledAt &&
  now.getTime() - row.createdAt.getTime() < PAYABLE_FOR_MS &&
  (row.kind !== 'consultation' || row.startTime! > now);

/** How an order reads to its buyer and to admins. */
export function createOrderViews(app: FastifyInstance, links: OrderLinks) {
  const ticketEvents = createTicketEvents(app);

  function toOrder(row: OrderRow, event: OrderEvent | null): Order {
    const now = new Date();
    const live = manageable(row, now);
    return {
      id: row.id,
      package_id: row.packageId,
      package_name: row.packageName,
      kind: row.kind,
      amount_paise: row.amountPaise,
      currency: 'INR',
      // A lapsed hold reads as expired even before the sweep has written it.
      status: row.status === 'created' && row.expiresAt <= now ? 'expired' : row.status,
      start_time: iso(row.startTime),
      end_time: iso(row.endTime),
      attendee_email: row.attendeeEmail,
      created_at: row.createdAt.toISOString(),
      paid_at: iso(row.paidAt),
      expires_at: row.expiresAt.toISOString(),
      ics_url: row.kind === 'consultation' && row.status === 'paid' && !row.cancelledAt ? links.link('ics', row.id) : null,
      meeting_url: row.kind === 'consultation' && row.status === 'paid' && !row.cancelledAt ? row.meetingUrl : null,
      reschedule_url: reschedulable(row, now) ? links.link('reschedule', row.id) : null,
      cancel_url: live ? links.link('cancel', row.id) : null,
      payable: payable(row, now),
      receipt_url: row.status === 'paid' || row.status === 'refunded' ? links.link('receipt', row.id) : null,
      cancelled_at: iso(row.cancelledAt),
      event,
    };
  }

  /** Orders as their buyer reads them: an event ticket with its event (`executor`: the caller's transaction). */
  async function present(rows: OrderRow[], executor?: Db): Promise<Order[]> {
    const events = await ticketEvents(rows, executor);
    return rows.map((row) => toOrder(row, events.get(row.packageId) ?? null));
  }
  const presentOne = async (row: OrderRow): Promise<Order> => (await present([row]))[0]!;

  async function toAdminOrders(rows: OrderRow[]): Promise<AdminOrder[]> {
    const buyers = new Map<string, { username: string; email: string }>();
    for (const id of new Set(rows.map((row) => row.userId))) {
      const user = await app.users.findById(id);
      buyers.set(id, { username: user?.username ?? '', email: user?.email ?? '' });
    }
    const orders = await present(rows);
    return rows.map((row, index) => ({
      ...orders[index]!,
      buyer_id: row.userId,
      buyer_username: buyers.get(row.userId)!.username,
      buyer_email: buyers.get(row.userId)!.email,
      provider: row.provider,
      provider_order_id: row.providerOrderId,
      provider_payment_id: row.providerPaymentId,
      refunded_at: iso(row.refundedAt),
      time_zone: row.timeZone,
      discussion: row.discussion,
    }));
  }

  return { present, presentOne, toAdminOrders, ticketEvents };
}
