import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { events, type EventRow } from './table';

export type EventInsert = typeof events.$inferInsert;
export type EventPatch = Partial<Omit<EventInsert, 'id' | 'createdAt' | 'createdBy'>>;

/** The only code that touches events. */
export const eventRepository = {
  async insert(db: Db, values: EventInsert): Promise<EventRow> {
    const [row] = await db.insert(events).values(values).returning();
    return row!;
  },

  async update(db: Db, id: string, patch: EventPatch): Promise<EventRow | undefined> {
    const [row] = await db.update(events).set({ ...patch, updatedAt: new Date() }).where(eq(events.id, id)).returning();
    return row;
  },

  async list(db: Db, filter: { status?: EventRow['status'] | undefined; id?: string; slug?: string }): Promise<EventRow[]> {
    const conditions = [
      filter.status ? eq(events.status, filter.status) : undefined,
      filter.id ? eq(events.id, filter.id) : undefined,
      filter.slug ? eq(events.slug, filter.slug) : undefined,
    ].filter(Boolean);
    return db
      .select()
      .from(events)
      .where(and(...conditions))
      .orderBy(asc(events.startTime), asc(events.slug));
  },

  /** One page for the admin list, latest start first, with the number of matching events. */
  async page(db: Db, status: EventRow['status'] | undefined, limit: number, offset: number): Promise<{ rows: EventRow[]; total: number }> {
    const where = status ? eq(events.status, status) : undefined;
    const [rows, [counted]] = await Promise.all([
      db.select().from(events).where(where).orderBy(desc(events.startTime), desc(events.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(events).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  },

  async count(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(events);
    return row?.n ?? 0;
  },

  async findById(db: Db, id: string): Promise<EventRow | undefined> {
    const [row] = await db.select().from(events).where(eq(events.id, id));
    return row;
  },

};
