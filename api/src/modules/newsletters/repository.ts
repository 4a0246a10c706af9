import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { CreatedCursor } from '../../lib/csv';
import { newsletterSubscriptions as subs } from './table';

export type SubscriptionRow = typeof subs.$inferSelect;
type Status = SubscriptionRow['status'];

const cursorColumn = sql<string>`${subs.createdAt}::text`;
const withStatus = (status: Status | undefined) => (status ? eq(subs.status, status) : undefined);

/** The only code that touches newsletter_subscriptions. */
export const subscriptionRepository = {
  /**
   * One statement, so two simultaneous requests cannot both subscribe: an existing active row is
   * left alone (false: a conflict); an unsubscribed one is reactivated with the new token hash.
   */
  async subscribe(db: Db, email: string, tokenHash: string): Promise<boolean> {
    const rows = await db
      .insert(subs)
      .values({ email, unsubscribeTokenHash: tokenHash })
      .onConflictDoUpdate({
        target: subs.email,
        set: { status: 'subscribed', unsubscribeTokenHash: tokenHash, subscribedAt: sql`now()`, unsubscribedAt: null },
        setWhere: sql`${subs.status} = 'unsubscribed'`,
      })
      .returning({ id: subs.id });
    return rows.length > 0;
  },

  async findByTokenHash(db: Db, tokenHash: string): Promise<{ email: string; status: Status } | undefined> {
    const [row] = await db.select({ email: subs.email, status: subs.status }).from(subs).where(eq(subs.unsubscribeTokenHash, tokenHash));
    return row;
  },

  async findByEmail(db: Db, email: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(subs).where(eq(subs.email, email.toLowerCase()));
    return row;
  },

  async deleteByEmail(db: Db, email: string): Promise<void> {
    await db.delete(subs).where(eq(subs.email, email.toLowerCase()));
  },

  /** Idempotent; false when no subscription has this token hash. */
  async unsubscribe(db: Db, tokenHash: string): Promise<boolean> {
    const rows = await db
      .update(subs)
      .set({ status: 'unsubscribed', unsubscribedAt: sql`coalesce(${subs.unsubscribedAt}, now())` })
      .where(eq(subs.unsubscribeTokenHash, tokenHash))
      .returning({ id: subs.id });
    return rows.length > 0;
  },

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
    after: CreatedCursor | undefined,
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
