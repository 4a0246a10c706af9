import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { newsletterSubscriptions as subs } from './table';

export type SubscriptionRow = typeof subs.$inferSelect;
type Status = SubscriptionRow['status'];

/** Where an export batch ends: created_at as text keeps its microseconds (a Date would not). */
export interface SubscriptionCursor {
  at: string;
  id: string;
}

const cursorColumn = sql<string>`${subs.createdAt}::text`;
const withStatus = (status: Status | undefined) => (status ? eq(subs.status, status) : undefined);

export const subscriptionRepository = {
  /** Newest first, with the total number matching. */
  async page(db: Db, status: Status | undefined, limit: number, offset: number): Promise<{ rows: SubscriptionRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      db.select().from(subs).where(withStatus(status)).orderBy(desc(subs.createdAt), desc(subs.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(subs).where(withStatus(status)),
    ]);
    return { rows, total: counted?.n ?? 0 };
  },

  /** The next `limit` subscriptions after `after`, in the same order as `page`. */
  async after(
    db: Db,
    status: Status | undefined,
    after: SubscriptionCursor | undefined,
    limit: number,
  ): Promise<(SubscriptionRow & { cursor: string })[]> {
    const rows = await db
      .select({ row: subs, cursor: cursorColumn })
      .from(subs)
      .where(
        and(
          withStatus(status),
          after ? sql`(${subs.createdAt}, ${subs.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(subs.createdAt), desc(subs.id))
      .limit(limit);
    return rows.map(({ row, cursor }) => ({ ...row, cursor }));
  },
};
