import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { BOOKING_TIME_ZONE } from '@site/shared/contracts/booking-policy';
import type { Db } from '../../db/database';
import { orders, type OrderRow, type OrderStatusValue } from './table';

// The admin's reads of orders: filtered pages, the CSV export's batches, the dashboard's series.

export interface AdminOrderFilter {
  status?: OrderStatusValue;
  kind?: OrderRow['kind'];
  from?: Date;
  to?: Date;
}

const adminConditions = (filter: AdminOrderFilter): SQL | undefined =>
  and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to ? lt(orders.createdAt, filter.to) : undefined,
  );

/** The booking zone as an SQL literal (a constant: the same text in SELECT and GROUP BY). */
const ZONE = sql.raw(`'${BOOKING_TIME_ZONE}'`);

export const orderReportRepository = {
  async adminPage(db: Db, filter: AdminOrderFilter, limit: number, offset: number): Promise<{ rows: OrderRow[]; total: number }> {
    const where = adminConditions(filter);
    const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset);
    const [total] = await db.select({ n: count() }).from(orders).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Keyset pages for the CSV export, newest first. */
  async adminBatch(db: Db, filter: AdminOrderFilter, after: { createdAt: Date; id: string } | undefined, limit: number): Promise<OrderRow[]> {
    const cursor = after
      ? or(lt(orders.createdAt, after.createdAt), and(eq(orders.createdAt, after.createdAt), lt(orders.id, after.id)))
      : undefined;
    return db
      .select()
      .from(orders)
      .where(and(adminConditions(filter), cursor))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  },

  /** Paid (and later refunded) orders and their revenue per week since `since`, weeks starting Monday IST. */
  async paidPerWeek(db: Db, since: Date): Promise<{ week: string; orders: number; revenue: number }[]> {
    const week = sql<string>`to_char(date_trunc('week', ${orders.paidAt} AT TIME ZONE ${ZONE}), 'YYYY-MM-DD')`;
    const rows = await db
      .select({ week, orders: count(), revenue: sql<string>`coalesce(sum(${orders.amountPaise}), 0)` })
      .from(orders)
      .where(and(inArray(orders.status, ['paid', 'refunded']), gte(orders.paidAt, since)))
      .groupBy(week);
    return rows.map((row) => ({ week: row.week, orders: Number(row.orders), revenue: Number(row.revenue) }));
  },

  /** Paid consultations per IST day between two instants. */
  async bookingsPerDay(db: Db, from: Date, to: Date): Promise<{ date: string; bookings: number }[]> {
    const day = sql<string>`to_char(${orders.startTime} AT TIME ZONE ${ZONE}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, n: count() })
      .from(orders)
      .where(
        and(eq(orders.kind, 'consultation'), eq(orders.status, 'paid'), isNull(orders.cancelledAt), gte(orders.startTime, from), lt(orders.startTime, to)),
      )
      .groupBy(day);
    return rows.map((row) => ({ date: row.day, bookings: Number(row.n) }));
  },
};
