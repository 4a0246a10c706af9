import { count, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { CreatedCursor } from '../../lib/csv';
import { contactMessages as messages } from './table';

export type ContactMessageRow = typeof messages.$inferSelect;

const cursorColumn = sql<string>`${messages.createdAt}::text`;

export type ContactInsert = typeof messages.$inferInsert;

/** The only code that touches contact_messages. */
export const contactRepository = {
  async insert(db: Db, values: ContactInsert): Promise<string> {
    const [row] = await db.insert(messages).values(values).returning({ id: messages.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** Newest first, with the total number of messages. */
  async page(db: Db, limit: number, offset: number): Promise<{ rows: ContactMessageRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      db.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(messages),
    ]);
    return { rows, total: counted?.n ?? 0 };
  },

  /** The next `limit` messages after `after`, in the same order as `page`. */
  async after(db: Db, after: CreatedCursor | undefined, limit: number): Promise<(ContactMessageRow & { cursor: string })[]> {
    const rows = await db
      .select({ row: messages, cursor: cursorColumn })
      .from(messages)
      .where(after ? sql`(${messages.createdAt}, ${messages.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    return rows.map(({ row, cursor }) => ({ ...row, cursor }));
  },
};
