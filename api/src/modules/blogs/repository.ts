import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blogs, type BlogRow } from './table';

export type BlogInsert = typeof blogs.$inferInsert;
export type BlogPatch = Partial<Omit<BlogInsert, 'id' | 'createdAt'>>;

const publicOnly = and(eq(blogs.status, 'published'), isNull(blogs.deletedAt));

export const blogRepository = {
  async insert(db: Db, values: BlogInsert): Promise<BlogRow> {
    const [row] = await db.insert(blogs).values(values).returning();
    return row!;
  },

  async findById(db: Db, id: string): Promise<BlogRow | undefined> {
    const [row] = await db.select().from(blogs).where(eq(blogs.id, id));
    return row;
  },

  async update(db: Db, id: string, patch: BlogPatch): Promise<BlogRow | undefined> {
    const [row] = await db.update(blogs).set({ ...patch, updatedAt: new Date() }).where(eq(blogs.id, id)).returning();
    return row;
  },

  async archive(db: Db, ids: string[]): Promise<BlogRow[]> {
    return db.update(blogs).set({ status: 'archived', updatedAt: new Date() }).where(inArray(blogs.id, ids)).returning();
  },

  async listByStatus(db: Db, status: BlogRow['status'], publicView: boolean): Promise<BlogRow[]> {
    return db
      .select()
      .from(blogs)
      .where(publicView ? and(eq(blogs.status, status), isNull(blogs.deletedAt)) : eq(blogs.status, status))
      .orderBy(desc(sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt})`), asc(blogs.slug));
  },

  async findBySlug(db: Db, slug: string, publicView: boolean): Promise<BlogRow | undefined> {
    const [row] = await db
      .select()
      .from(blogs)
      .where(publicView ? and(eq(blogs.slug, slug), publicOnly) : eq(blogs.slug, slug));
    return row;
  },

  /** Counts one view of a published post and returns it with the new count. */
  async countView(db: Db, slug: string): Promise<BlogRow | undefined> {
    const [row] = await db
      .update(blogs)
      .set({ viewsCount: sql`${blogs.viewsCount} + 1` })
      .where(and(eq(blogs.slug, slug), publicOnly))
      .returning();
    return row;
  },

  async listPublished(db: Db, limit: number): Promise<BlogRow[]> {
    return db
      .select()
      .from(blogs)
      .where(and(publicOnly, isNotNull(blogs.publishedAt)))
      .orderBy(desc(blogs.publishedAt))
      .limit(limit);
  },

  async publishedSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
    return db
      .select({ slug: blogs.slug, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(publicOnly)
      .orderBy(asc(blogs.slug));
  },
};
