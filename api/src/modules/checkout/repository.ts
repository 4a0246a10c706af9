import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
// The order record is the orders module's; checkout writes its holds and payments (decision 009).
import { holding, orders, type OrderRow, type OrderStatusValue } from '../orders/table';

export type OrderInsert = typeof orders.$inferInsert;

const one = <T>(rows: T[]): T | undefined => rows[0];

/** Checkout's changes of the order record: holds, payments, refunds, cancellations and moves. */
export const checkoutRepository = {
  /** Serialises the transactions that compete for one seat pool or the consultation calendar. */
  async lock(tx: Tx, key: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  },

  async countHeldSeats(tx: Db, packageId: string, now: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.kind, 'package'), eq(orders.packageId, packageId), holding(now)));
    return Number(row?.n ?? 0);
  },

  async insert(tx: Db, values: OrderInsert): Promise<OrderRow> {
    const [row] = await tx.insert(orders).values(values).returning();
    return row!;
  },

  async setProviderOrderId(db: Db, id: string, providerOrderId: string): Promise<OrderRow | undefined> {
    return one(
      await db.update(orders).set({ providerOrderId, updatedAt: new Date() }).where(and(eq(orders.id, id), isNull(orders.providerOrderId))).returning(),
    );
  },

  /** created | failed → paid, only while the hold lasts. */
  async markPaid(db: Db, providerOrderId: string, paymentId: string, now: Date): Promise<OrderRow | undefined> {
    return one(
      await db
        .update(orders)
        .set({ status: 'paid', providerPaymentId: paymentId, paidAt: now, updatedAt: now, receiptNumber: sql`nextval('order_receipt_numbers')` })
        .where(and(eq(orders.providerOrderId, providerOrderId), inArray(orders.status, ['created', 'failed']), gt(orders.expiresAt, now)))
        .returning(),
    );
  },

  /** created → failed. */
  async markFailed(db: Db, providerOrderId: string, now: Date): Promise<OrderRow | undefined> {
    return one(
      await db
        .update(orders)
        .set({ status: 'failed', failedAt: now, updatedAt: now })
        .where(and(eq(orders.providerOrderId, providerOrderId), eq(orders.status, 'created')))
        .returning(),
    );
  },

  /** created → failed when the provider would not even open the order. */
  async markFailedById(db: Db, id: string, now: Date): Promise<void> {
    await db.update(orders).set({ status: 'failed', failedAt: now, expiresAt: now, updatedAt: now }).where(and(eq(orders.id, id), eq(orders.status, 'created')));
  },

  /**
   * A payment captured after the hold ran out: the order ends expired (its seat or slot may be
   * someone else's now) and keeps the payment id so it can be refunded once.
   */
  async markLatePayment(db: Db, providerOrderId: string, paymentId: string, now: Date): Promise<OrderRow | undefined> {
    return one(
      await db
        .update(orders)
        .set({ status: 'expired', expiredAt: sql`coalesce(${orders.expiredAt}, ${now})`, providerPaymentId: paymentId, updatedAt: now })
        .where(
          and(
            eq(orders.providerOrderId, providerOrderId),
            inArray(orders.status, ['created', 'failed', 'expired']),
            lte(orders.expiresAt, now),
            isNull(orders.providerPaymentId),
          ),
        )
        .returning(),
    );
  },

  async setRefundId(db: Db, id: string, refundId: string): Promise<void> {
    await db.update(orders).set({ providerRefundId: refundId, updatedAt: new Date() }).where(eq(orders.id, id));
  },

  /** paid → refunded (and created | failed → refunded when the provider's refund event overtakes the payment's). */
  async markRefunded(
    db: Db,
    where: { id: string } | { providerOrderId: string },
    from: OrderStatusValue[],
    values: { refundId?: string; paymentId?: string; cancelled?: boolean },
    now: Date,
  ): Promise<OrderRow | undefined> {
    return one(
      await db
        .update(orders)
        .set({
          status: 'refunded',
          refundedAt: now,
          refundedPaise: sql`${orders.amountPaise}`,
          paidAt: sql`coalesce(${orders.paidAt}, ${now})`,
          // A payment refunded at once (it came too late) was still taken: it has a receipt too.
          receiptNumber: sql`coalesce(${orders.receiptNumber}, nextval('order_receipt_numbers'))`,
          ...(values.refundId ? { providerRefundId: values.refundId } : {}),
          ...(values.paymentId ? { providerPaymentId: sql`coalesce(${orders.providerPaymentId}, ${values.paymentId})` } : {}),
          ...(values.cancelled ? { cancelledAt: now, inviteSequence: sql`${orders.inviteSequence} + 1` } : {}),
          updatedAt: now,
        })
        .where(
          and('id' in where ? eq(orders.id, where.id) : eq(orders.providerOrderId, where.providerOrderId), inArray(orders.status, from)),
        )
        .returning(),
    );
  },

  /** A part of a paid order's amount returned by the provider: the order stays paid. */
  async addPartialRefund(db: Db, id: string, amountPaise: number, refundId: string, now: Date): Promise<OrderRow | undefined> {
    return one(
      await db
        .update(orders)
        .set({ refundedPaise: sql`${orders.refundedPaise} + ${amountPaise}`, providerRefundId: refundId, updatedAt: now })
        .where(and(eq(orders.id, id), sql`${orders.refundedPaise} + ${amountPaise} < ${orders.amountPaise}`))
        .returning(),
    );
  },


  /** created → expired once the hold has run out. */
  async expireHolds(db: Db, now: Date): Promise<number> {
    const rows = await db
      .update(orders)
      .set({ status: 'expired', expiredAt: now, updatedAt: now })
      .where(and(eq(orders.status, 'created'), lte(orders.expiresAt, now)))
      .returning({ id: orders.id });
    return rows.length;
  },

  /** Live unpaid holds of one account or one address, oldest first (the one to name in a refusal). */
  async liveHolds(tx: Db, by: { userId: string } | { holdAddress: string }, now: Date): Promise<Pick<OrderRow, 'id' | 'packageName'>[]> {
    return tx
      .select({ id: orders.id, packageName: orders.packageName })
      .from(orders)
      .where(
        and(
          'userId' in by ? eq(orders.userId, by.userId) : eq(orders.holdAddress, by.holdAddress),
          inArray(orders.status, ['created', 'failed']),
          gt(orders.expiresAt, now),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id));
  },

  /**
   * created | failed → expired at once: the buyer closed the payment window (or dropped the order),
   * so its seat or slot is free again. `drop` also marks it given up, so it is no longer payable.
   */
  async release(db: Db, id: string, now: Date, drop: boolean): Promise<OrderRow | undefined> {
    return one(
      await db
        .update(orders)
        .set({ status: 'expired', expiredAt: now, expiresAt: now, ...(drop ? { cancelledAt: now } : {}), updatedAt: now })
        .where(and(eq(orders.id, id), inArray(orders.status, ['created', 'failed']), isNull(orders.providerPaymentId)))
        .returning(),
    );
  },

  /** An unpaid order whose hold already ended, given up by its buyer: it reads as expired for good. */
  async drop(db: Db, id: string, now: Date): Promise<OrderRow | undefined> {
    return one(
      await db
        .update(orders)
        .set({ status: 'expired', expiredAt: sql`coalesce(${orders.expiredAt}, ${now})`, cancelledAt: now, updatedAt: now })
        .where(
          and(
            eq(orders.id, id),
            inArray(orders.status, ['created', 'failed', 'expired']),
            isNull(orders.providerPaymentId),
            isNull(orders.cancelledAt),
          ),
        )
        .returning(),
    );
  },

  /** An unpaid order whose hold ended (never paid, not given up) → created again with a new hold. */
  async retake(tx: Db, id: string, expiresAt: Date, holdAddress: string | null, now: Date): Promise<OrderRow | undefined> {
    return one(
      await tx
        .update(orders)
        .set({ status: 'created', expiresAt, expiredAt: null, holdAddress, updatedAt: now })
        .where(
          and(
            eq(orders.id, id),
            inArray(orders.status, ['created', 'failed', 'expired']),
            lte(orders.expiresAt, now),
            isNull(orders.providerPaymentId),
            isNull(orders.cancelledAt),
          ),
        )
        .returning(),
    );
  },

  async reschedule(tx: Db, id: string, start: Date, end: Date): Promise<OrderRow | undefined> {
    return one(
      await tx
        .update(orders)
        .set({ startTime: start, endTime: end, inviteSequence: sql`${orders.inviteSequence} + 1`, updatedAt: new Date() })
        .where(and(eq(orders.id, id), eq(orders.status, 'paid'), isNull(orders.cancelledAt)))
        .returning(),
    );
  },

  /** A paid consultation given up without a refund: the slot is free again. */
  async cancelWithoutRefund(db: Db, id: string, now: Date): Promise<OrderRow | undefined> {
    return one(
      await db
        .update(orders)
        .set({ cancelledAt: now, inviteSequence: sql`${orders.inviteSequence} + 1`, updatedAt: now })
        .where(and(eq(orders.id, id), eq(orders.status, 'paid'), isNull(orders.cancelledAt)))
        .returning(),
    );
  },
};
