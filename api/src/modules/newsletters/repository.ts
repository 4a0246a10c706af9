import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { CreatedCursor } from '../../lib/csv';
import { newsletterSubscriptions as subs } from './table';

export type SubscriptionRow = typeof subs.$inferSelect;
type Status = SubscriptionRow['status'];

const cursorColumn = sql<string>`${subs.createdAt}::text`;

/** How long a confirmation link works: the subscription's (latest) start plus these days. */
export const CONFIRM_LINK_DAYS = 7;
const pendingExpired = sql`${subs.confirmedAt} IS NULL AND ${subs.subscribedAt} <= now() - make_interval(days => ${CONFIRM_LINK_DAYS})`;
/** The state an admin sees: a subscribed address is pending until confirmed. */
export type ShownStatus = 'pending' | 'confirmed' | 'unsubscribed';
const withStatus = (status: ShownStatus | undefined) =>
  status === 'pending'
    ? and(eq(subs.status, 'subscribed'), isNull(subs.confirmedAt))
    : status === 'confirmed'
      ? and(eq(subs.status, 'subscribed'), isNotNull(subs.confirmedAt))
      : status
        ? eq(subs.status, status)
        : undefined;
const shownStatus = sql<ShownStatus>`CASE WHEN ${subs.status} = 'unsubscribed' THEN 'unsubscribed' WHEN ${subs.confirmedAt} IS NULL THEN 'pending' ELSE 'confirmed' END`;

/** The only code that touches newsletter_subscriptions. */
export const subscriptionRepository = {
  /**
   * One statement, so two simultaneous requests cannot both subscribe: an active row, confirmed or
   * waiting for its confirmation, is left alone (undefined: a conflict, as the spec answers it); an
   * unsubscribed one, or one whose confirmation link expired, starts again with the new token
   * hashes and waits for its confirmation.
   */
  async subscribe(db: Db, email: string, tokenHash: string, confirmHash: string): Promise<{ id: string } | undefined> {
    const [row] = await db
      .insert(subs)
      .values({ email, unsubscribeTokenHash: tokenHash, confirmTokenHash: confirmHash })
      .onConflictDoUpdate({
        target: subs.email,
        set: {
          status: 'subscribed',
          unsubscribeTokenHash: tokenHash,
          confirmTokenHash: confirmHash,
          confirmedAt: null,
          subscribedAt: sql`now()`,
          unsubscribedAt: null,
        },
        setWhere: sql`${subs.status} = 'unsubscribed' OR (${pendingExpired})`,
      })
      .returning({ id: subs.id });
    return row;
  },

  /** Confirms the subscription of this confirmation hash, unless its link expired; answers it when this call confirmed it. */
  async confirm(db: Db, confirmHash: string): Promise<{ id: string; email: string; unsubscribeTokenHash: string } | undefined> {
    const [row] = await db
      .update(subs)
      .set({ confirmedAt: sql`now()` })
      .where(and(eq(subs.confirmTokenHash, confirmHash), eq(subs.status, 'subscribed'), isNull(subs.confirmedAt), sql`NOT (${pendingExpired})`))
      .returning({ id: subs.id, email: subs.email, unsubscribeTokenHash: subs.unsubscribeTokenHash });
    return row;
  },

  /** Where the subscription of this confirmation hash stands: confirmed, waiting (its link expired, or not), or unknown. */
  async confirmState(db: Db, confirmHash: string): Promise<'confirmed' | 'expired' | 'waiting' | undefined> {
    const [row] = await db
      .select({ at: subs.confirmedAt, status: subs.status, expired: sql<boolean>`${pendingExpired}` })
      .from(subs)
      .where(eq(subs.confirmTokenHash, confirmHash));
    if (!row || row.status !== 'subscribed') return undefined;
    return row.at ? 'confirmed' : row.expired ? 'expired' : 'waiting';
  },

  /** A new confirmation hash for a subscription still waiting for one, its seven days counted again. */
  async renewConfirmation(db: Db, confirmHash: string, nextHash: string): Promise<{ id: string; email: string; unsubscribeTokenHash: string } | undefined> {
    const [row] = await db
      .update(subs)
      .set({ confirmTokenHash: nextHash, subscribedAt: sql`now()` })
      .where(and(eq(subs.confirmTokenHash, confirmHash), eq(subs.status, 'subscribed'), isNull(subs.confirmedAt)))
      .returning({ id: subs.id, email: subs.email, unsubscribeTokenHash: subs.unsubscribeTokenHash });
    return row;
  },

  async findById(db: Db, id: string): Promise<{ id: string; email: string; status: Status; unsubscribeTokenHash: string } | undefined> {
    const [row] = await db
      .select({ id: subs.id, email: subs.email, status: subs.status, unsubscribeTokenHash: subs.unsubscribeTokenHash })
      .from(subs)
      .where(eq(subs.id, id));
    return row;
  },

  async unsubscribeById(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(subs)
      .set({ status: 'unsubscribed', unsubscribedAt: sql`coalesce(${subs.unsubscribedAt}, now())` })
      .where(eq(subs.id, id))
      .returning({ id: subs.id });
    return rows.length > 0;
  },

  /** The confirmed, subscribed addresses after `afterId`, by id: one batch of a newsletter send. */
  async confirmedAfter(db: Db, afterId: string | null, limit: number): Promise<{ id: string; email: string; unsubscribeTokenHash: string }[]> {
    return db
      .select({ id: subs.id, email: subs.email, unsubscribeTokenHash: subs.unsubscribeTokenHash })
      .from(subs)
      .where(and(eq(subs.status, 'subscribed'), isNotNull(subs.confirmedAt), afterId ? gt(subs.id, afterId) : undefined))
      .orderBy(asc(subs.id))
      .limit(limit);
  },

  async countConfirmed(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(subs).where(and(eq(subs.status, 'subscribed'), isNotNull(subs.confirmedAt)));
    return row?.n ?? 0;
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
  async page(db: Db, status: ShownStatus | undefined, limit: number, offset: number): Promise<{ rows: SubscriptionRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      db.select().from(subs).where(withStatus(status)).orderBy(desc(subs.createdAt), desc(subs.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(subs).where(withStatus(status)),
    ]);
    return { rows, total: counted?.n ?? 0 };
  },

  /** The next `limit` subscriptions after `after`, in the same order as `page`. */
  async after(
    db: Db,
    status: ShownStatus | undefined,
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

  /** How many addresses are in each state, for the admin list's summary. */
  async counts(db: Db): Promise<Record<ShownStatus, number>> {
    const rows = await db.select({ status: shownStatus, n: count() }).from(subs).groupBy(shownStatus);
    const counts: Record<ShownStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  },
};
