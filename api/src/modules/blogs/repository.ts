import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { settingsRepository } from '../../db/settings';
import { blogs, blogViews, type BlogRow } from './table';

const VIEW_KEY_PREFIX = 'blog_view_key:';

export type BlogInsert = typeof blogs.$inferInsert;
export type BlogPatch = Partial<Omit<BlogInsert, 'id' | 'createdAt'>>;

/** What the public sees: published, not deleted, and its publication time reached (scheduled posts wait). */
const publicOnly = and(eq(blogs.status, 'published'), isNull(blogs.deletedAt), sql`coalesce(${blogs.publishedAt} <= now(), true)`);

export const blogRepository = {
  /** Posts showing `from` show `to` instead (an image replaced by its cleaned copy). */
  async replaceMedia(db: Db, from: string, to: string): Promise<void> {
    await db.update(blogs).set({ mediaCid: to }).where(eq(blogs.mediaCid, from));
  },

  /** Whether any post's text names this media (an image placed in the content). */
  async mentionsMedia(db: Db, cid: string): Promise<boolean> {
    const [row] = await db.select({ id: blogs.id }).from(blogs).where(sql`position(${cid} in ${blogs.content}) > 0`).limit(1);
    return Boolean(row);
  },

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
      .where(publicView ? and(eq(blogs.status, status), publicOnly) : eq(blogs.status, status))
      .orderBy(desc(sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt})`), asc(blogs.slug));
  },

  async findBySlug(db: Db, slug: string, publicView: boolean): Promise<BlogRow | undefined> {
    const [row] = await db
      .select()
      .from(blogs)
      .where(publicView ? and(eq(blogs.slug, slug), publicOnly) : eq(blogs.slug, slug));
    return row;
  },

  /** That day's key for visitor hashes: made once by whichever instance asks first; older keys and views are deleted. */
  async visitorKey(db: Db, day: string, candidate: string): Promise<string> {
    const name = `${VIEW_KEY_PREFIX}${day}`;
    if (await settingsRepository.putIfAbsent(db, name, candidate)) {
      await settingsRepository.deleteOthers(db, VIEW_KEY_PREFIX, name);
      await db.delete(blogViews).where(lt(blogViews.day, day));
    }
    return (await settingsRepository.get(db, name))!;
  },

  async listPublished(db: Db, limit: number): Promise<BlogRow[]> {
    return db
      .select()
      .from(blogs)
      .where(and(publicOnly, isNotNull(blogs.publishedAt)))
      .orderBy(desc(blogs.publishedAt))
      .limit(limit);
  },

  /** One page for the admin list, newest first, with the number of matching posts. */
  async page(db: Db, status: BlogRow['status'] | undefined, limit: number, offset: number): Promise<{ rows: BlogRow[]; total: number }> {
    const where = status ? eq(blogs.status, status) : undefined;
    const [rows, [counted]] = await Promise.all([
      db.select().from(blogs).where(where).orderBy(desc(blogs.createdAt), desc(blogs.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(blogs).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  },

  /** Posts not deleted, whatever their status (the dashboard's Blog Posts). */
  async countLive(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(blogs).where(isNull(blogs.deletedAt));
    return row?.n ?? 0;
  },

  async publishedSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
    return db
      .select({ slug: blogs.slug, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(publicOnly)
      .orderBy(asc(blogs.slug));
  },
};
