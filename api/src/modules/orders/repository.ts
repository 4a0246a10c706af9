import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { holding, orders, type OrderRow } from './table';

const one = <T>(rows: T[]): T | undefined => rows[0];

/** The order record as it is read; its changes are written by checkout and fulfilment. */
export const orderRepository = {
  async findById(db: Db, id: string): Promise<OrderRow | undefined> {
    return one(await db.select().from(orders).where(eq(orders.id, id)));
  },

  async findByProviderOrderId(db: Db, providerOrderId: string): Promise<OrderRow | undefined> {
    return one(await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)));
  },

  async listForUser(db: Db, userId: string): Promise<OrderRow[]> {
    return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(500);
  },

  /** Consultations holding their slot (paid, or held unpaid) that meet [from, to). */
  async busy(db: Db, from: Date, to: Date, now: Date): Promise<{ id: string; start: Date; end: Date }[]> {
    const rows = await db
      .select({ id: orders.id, start: orders.startTime, end: orders.endTime })
      .from(orders)
      .where(and(eq(orders.kind, 'consultation'), holding(now), lt(orders.startTime, to), gt(orders.endTime, from)))
      .orderBy(asc(orders.startTime));
    return rows.map((row) => ({ id: row.id, start: row.start!, end: row.end! }));
  },

  /** Paid, not cancelled consultations starting in [from, to), by start. */
  async paidConsultations(db: Db, from: Date, to: Date): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.kind, 'consultation'), eq(orders.status, 'paid'), isNull(orders.cancelledAt), gte(orders.startTime, from), lt(orders.startTime, to)))
      .orderBy(asc(orders.startTime));
  },

  /**
   * A buyer who deleted their account: unpaid holds end now (a payment still arriving is refunded
   * as a late one) and the attendee address goes; paid orders stay for the accounts.
   */
  async forgetBuyer(db: Db, userId: string, now: Date): Promise<void> {
    await db
      .update(orders)
      .set({ status: 'expired', expiredAt: now, expiresAt: sql`least(${orders.expiresAt}, ${now})`, updatedAt: now })
      .where(and(eq(orders.userId, userId), inArray(orders.status, ['created', 'failed'])));
    await db.update(orders).set({ attendeeEmail: null, updatedAt: now }).where(eq(orders.userId, userId));
  },
};
