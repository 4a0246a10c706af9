import { and, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0006_orders.sql (amount_paise widened in 0014, hold_address added in 0016, refunded_paise in 0017). */
export type OrderStatusValue = 'created' | 'paid' | 'failed' | 'expired' | 'refunded';

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  // References users (the foreign key lives in the migration, like every constraint).
  userId: uuid('user_id').notNull(),
  kind: text('kind', { enum: ['consultation', 'package'] }).notNull(),
  packageId: uuid('package_id').notNull(),
  packageName: text('package_name').notNull(),
  // bigint: up to ₹99,999,999.99 in paise; well inside a JavaScript number.
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  currency: text('currency', { enum: ['INR'] }).notNull().default('INR'),
  provider: text('provider', { enum: ['razorpay', 'sandbox'] }).notNull(),
  providerOrderId: text('provider_order_id').unique(),
  providerPaymentId: text('provider_payment_id'),
  providerRefundId: text('provider_refund_id'),
  // Refunded so far by the provider (partial refunds keep the order paid).
  refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
  status: text('status', { enum: ['created', 'paid', 'failed', 'expired', 'refunded'] }).notNull().default('created'),
  startTime: at('start_time'),
  endTime: at('end_time'),
  attendeeEmail: text('attendee_email'),
  expiresAt: at('expires_at').notNull(),
  // A keyed hash of the buyer's address, to cap live holds per address (never the address itself).
  holdAddress: text('hold_address'),
  paidAt: at('paid_at'),
  failedAt: at('failed_at'),
  expiredAt: at('expired_at'),
  refundedAt: at('refunded_at'),
  cancelledAt: at('cancelled_at'),
  calendarVia: text('calendar_via', { enum: ['google', 'ics_email'] }),
  calendarEventId: text('calendar_event_id'),
  calendarInvitedAt: at('calendar_invited_at'),
  inviteSequence: integer('invite_sequence').notNull().default(0),
  /** The booking's own meeting room (migration 0025). */
  meetingUrl: text('meeting_url'),
  /** Consultations: the buyer's IANA time zone when booking, and what they would like to discuss (migration 0026). */
  timeZone: text('time_zone'),
  discussion: text('discussion'),
  /** Given when paid, from the sequence order_receipt_numbers (migration 0027). */
  receiptNumber: bigint('receipt_number', { mode: 'number' }).unique(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type OrderRow = typeof orders.$inferSelect;

/** A seat or slot is taken by a paid order, or by an unpaid one whose hold has not run out. */
export const holding = (now: Date): SQL =>
  or(
    and(eq(orders.status, 'paid'), isNull(orders.cancelledAt)),
    and(inArray(orders.status, ['created', 'failed']), gt(orders.expiresAt, now)),
  )!;
