import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { packages, type PackageRow } from './table';

export type PackageInsert = typeof packages.$inferInsert;
export type PackagePatch = Partial<Omit<PackageInsert, 'id' | 'createdAt'>>;

export interface PackageFilter {
  id?: string;
  slug?: string;
  packageType?: PackageRow['packageType'];
  eventId?: string;
  isActive?: boolean;
  /** Only what the public may see: active, and for an event package, its event among these published ones. */
  publishedEventIds?: string[];
}

/** The only code that touches packages. */
export const packageRepository = {
  async insert(db: Db, values: PackageInsert): Promise<PackageRow> {
    const [row] = await db.insert(packages).values(values).returning();
    return row!;
  },

  async update(db: Db, id: string, patch: PackagePatch): Promise<PackageRow | undefined> {
    const [row] = await db.update(packages).set({ ...patch, updatedAt: new Date() }).where(eq(packages.id, id)).returning();
    return row;
  },

  /** One page for the admin list, newest first, with the number of matching packages. */
  async page(
    db: Db,
    filter: { isActive?: boolean | undefined; packageType?: PackageRow['packageType'] | undefined },
    limit: number,
    offset: number,
  ): Promise<{ rows: PackageRow[]; total: number }> {
    const where = and(
      filter.isActive !== undefined ? eq(packages.isActive, filter.isActive) : undefined,
      filter.packageType !== undefined ? eq(packages.packageType, filter.packageType) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      db.select().from(packages).where(where).orderBy(desc(packages.createdAt), desc(packages.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(packages).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  },

  async findById(db: Db, id: string): Promise<PackageRow | undefined> {
    const [row] = await db.select().from(packages).where(eq(packages.id, id));
    return row;
  },

  async list(db: Db, filter: PackageFilter): Promise<PackageRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.id !== undefined ? eq(packages.id, filter.id) : undefined,
      filter.slug !== undefined ? eq(packages.slug, filter.slug) : undefined,
      filter.packageType !== undefined ? eq(packages.packageType, filter.packageType) : undefined,
      filter.eventId !== undefined ? eq(packages.eventId, filter.eventId) : undefined,
      filter.isActive !== undefined ? eq(packages.isActive, filter.isActive) : undefined,
      // Subscriptions stand alone; an event ticket is public only while its event is published.
      filter.publishedEventIds
        ? and(
            eq(packages.isActive, true),
            filter.publishedEventIds.length > 0
              ? or(isNull(packages.eventId), inArray(packages.eventId, filter.publishedEventIds))
              : isNull(packages.eventId),
          )
        : undefined,
    ];
    return db
      .select()
      .from(packages)
      .where(and(...conditions))
      .orderBy(asc(packages.price), asc(packages.slug));
  },

  /** The packages linked to these events (active ones only, if asked), oldest first. */
  async linksOf(db: Db, eventIds: string[], activeOnly: boolean): Promise<{ id: string; eventId: string }[]> {
    if (eventIds.length === 0) return [];
    const rows = await db
      .select({ id: packages.id, eventId: packages.eventId })
      .from(packages)
      .where(and(inArray(packages.eventId, eventIds), activeOnly ? eq(packages.isActive, true) : undefined))
      .orderBy(asc(packages.createdAt), asc(packages.id));
    return rows.map((row) => ({ id: row.id, eventId: row.eventId! }));
  },
};
