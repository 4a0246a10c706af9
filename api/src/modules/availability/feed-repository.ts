import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Span } from './free-slots';
import { calendarFeedBusy, calendarFeeds, type FeedRow } from './table';

const one = <T>(rows: T[]): T | undefined => rows[0];
/** Rows per INSERT: a big calendar is written in a few statements, not one per event. */
const CHUNK = 500;

/** The consultant's calendar feeds and the busy times of their last good fetch. */
export const feedRepository = {
  list: (db: Db): Promise<FeedRow[]> => db.select().from(calendarFeeds).orderBy(asc(calendarFeeds.createdAt), asc(calendarFeeds.id)),

  find: async (db: Db, id: string): Promise<FeedRow | undefined> => one(await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id))),

  insert: async (db: Db, label: string, url: string): Promise<FeedRow> => (await db.insert(calendarFeeds).values({ label, url }).returning())[0]!,

  delete: async (db: Db, id: string): Promise<FeedRow | undefined> => one(await db.delete(calendarFeeds).where(eq(calendarFeeds.id, id)).returning()),

  /** A good fetch: its busy times replace the feed's, in `tx`. */
  async replaceBusy(tx: Db, id: string, busy: Span[], now: Date): Promise<void> {
    await tx.delete(calendarFeedBusy).where(eq(calendarFeedBusy.feedId, id));
    for (let i = 0; i < busy.length; i += CHUNK) {
      const rows = busy.slice(i, i + CHUNK).map((span) => ({ feedId: id, startAt: new Date(span.start), endAt: new Date(span.end) }));
      await tx.insert(calendarFeedBusy).values(rows);
    }
    await tx.update(calendarFeeds).set({ checkedAt: now, fetchedAt: now, lastError: null, busyCount: busy.length }).where(eq(calendarFeeds.id, id));
  },

  /** A failed fetch: the busy times of the last good one stay. */
  async recordFailure(db: Db, id: string, error: string, now: Date): Promise<void> {
    await db.update(calendarFeeds).set({ checkedAt: now, lastError: error.slice(0, 300) }).where(eq(calendarFeeds.id, id));
  },

  /** Every feed's busy times meeting [from, to). */
  async busyBetween(db: Db, from: Date, to: Date): Promise<Span[]> {
    const rows = await db
      .select({ start: calendarFeedBusy.startAt, end: calendarFeedBusy.endAt })
      .from(calendarFeedBusy)
      .where(and(lt(calendarFeedBusy.startAt, to), gt(calendarFeedBusy.endAt, from)));
    return rows.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }));
  },
};
