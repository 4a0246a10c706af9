import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { BlogSearchField, BlogUpdateBody } from '@site/shared/contracts/blogs';
import { BlogStatus, type BlogCreateBody } from '@site/shared/contracts/blogs';
import type { Db } from '../../db/database';
import { slugGuard } from '../../lib/slug-guard';
import { HttpError } from '../../plugins/errors';
import type { BlogRecord } from './media-type';
import { blogRepository, type BlogPatch } from './repository';
import { sanitizeStoredHtml } from '../../lib/stored-html';
import type { BlogRow } from './table';
import { definePublicationJobs } from './publication';
import { servicePlugin } from '../../lib/service-plugin';
import { offsetOf, pageOf, slugEntries } from '../../lib/paging';
import { utcDay, ViewCounter, VisitorIds, type Visitor } from './views';


const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toBlog(row: BlogRow): BlogRecord {
  return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      content: row.content,
      summary: row.summary,
      media_cid: row.mediaCid,
      media_alt: row.mediaAlt,
      author_id: row.authorId,
      published_at: iso(row.publishedAt),
      status: row.status,
      views_count: row.viewsCount,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      deleted_at: iso(row.deletedAt),
    };
  }

  function cleanContent(html: string): string {
    const clean = sanitizeStoredHtml(html);
    if (!clean) throw new HttpError(400, 'validation_error', 'Slug, title, and content cannot be empty.');
    return clean;
  }

  const guardSlug = slugGuard('A blog post with this slug already exists.');

  const notFound = () => new HttpError(404, 'not_found', 'Blog not found.');

  export function createBlogsService(db: Db) {
    const views = new ViewCounter(db);
    const visitors = new VisitorIds((day) => blogRepository.visitorKey(db, day, randomBytes(32).toString('base64url')));
    /** The stored count plus the views this instance has counted and not yet written. */
    const withViews = (row: BlogRow): BlogRecord => toBlog({ ...row, viewsCount: row.viewsCount + views.unwrittenOf(row.id) });

    /**
     * Counts a view of a post once per visitor and day (in memory; see ViewCounter). Ids of posts
     * that are not published are dropped when the views are written.
     */
    async function countView(blogId: string, visitor: Visitor): Promise<void> {
      const day = utcDay();
      views.record(blogId, day, await visitors.idOf(day, visitor));
    }

    return {
    async create(tx: Db, authorId: string, body: z.output<typeof BlogCreateBody>): Promise<BlogRecord> {
      const publishedAt = body.published_at ? new Date(body.published_at) : body.status === 'published' ? new Date() : null;
      const row = await guardSlug(() =>
        blogRepository.insert(tx, {
          slug: body.slug,
          title: body.title,
          content: cleanContent(body.content),
          summary: body.summary || null,
          mediaCid: body.media_cid || null,
          mediaAlt: body.media_alt || null,
          authorId,
          status: body.status,
          publishedAt,
        }),
      );
      return toBlog(row);
    },

    async update(tx: Db, id: string, body: BlogUpdateBody): Promise<BlogRecord> {
      const existing = await blogRepository.findById(tx, id);
      if (!existing) throw notFound();
      const patch: BlogPatch = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.slug !== undefined) patch.slug = body.slug;
      if (body.content !== undefined) patch.content = cleanContent(body.content);
      if (body.summary !== undefined) patch.summary = body.summary || null;
      if (body.media_cid !== undefined) patch.mediaCid = body.media_cid || null;
      if (body.media_alt !== undefined) patch.mediaAlt = body.media_alt || null;
      if (body.published_at !== undefined) patch.publishedAt = body.published_at ? new Date(body.published_at) : null;
      if (body.status !== undefined) {
        patch.status = body.status;
        // A post that goes live gets a publication date unless it has one.
        if (body.status === 'published' && !existing.publishedAt && !patch.publishedAt) patch.publishedAt = new Date();
      }
      const row = await guardSlug(() => blogRepository.update(tx, id, patch));
      if (!row) throw notFound();
      return toBlog(row);
    },

    async archive(tx: Db, ids: string[]): Promise<BlogRecord[]> {
      const rows = await blogRepository.archive(tx, [...new Set(ids)]);
      if (rows.length === 0) throw notFound();
      return rows.map(toBlog);
    },

    /** Brings back an archived or soft-deleted post: published if it had been published, else a draft. */
    async reactivate(tx: Db, id: string): Promise<BlogRecord> {
      const existing = await blogRepository.findById(tx, id);
      if (!existing) throw notFound();
      if (existing.status !== 'archived' && !existing.deletedAt) {
        throw new HttpError(409, 'not_archived', 'This blog post is neither archived nor deleted.');
      }
      const status = existing.status === 'archived' ? (existing.publishedAt ? 'published' : 'draft') : existing.status;
      const row = await blogRepository.update(tx, id, { status, deletedAt: null });
      return toBlog(row!);
    },

    /** GET /blogs/search: the public sees published posts, an admin every post. */
    async search(field: z.infer<typeof BlogSearchField>, value: string, admin: boolean): Promise<BlogRecord[]> {
      if (field === 'status') {
        const status = BlogStatus.safeParse(value);
        if (!status.success) throw new HttpError(400, 'validation_error', 'status must be draft, published or archived.');
        if (!admin && status.data !== 'published') return [];
        return (await blogRepository.listByStatus(db, status.data, !admin)).map(withViews);
      }
      const row = await blogRepository.findBySlug(db, value, !admin);
      return row ? [withViews(row)] : [];
    },

    /** A reader's view of a post, sent by the post's page (POST /blogs/:id/views). */
    countView,

    /** Writes the views counted so far (every BLOG_VIEWS_FLUSH_MS, on shutdown, and when tests ask). */
    flushViews: (): Promise<void> => views.flush(),

    /** The admin list: one page, filtered by status in SQL. */
    async page(query: {
      status?: BlogRecord['status'] | undefined;
      page: number;
      page_size: number;
    }): Promise<{ items: BlogRecord[]; total: number; page: number; page_size: number }> {
      return pageOf(await blogRepository.page(db, query.status, query.page_size, offsetOf(query)), query, withViews);
    },

    count: (): Promise<number> => blogRepository.countLive(db),

    /** For `media:derive`: posts showing an image show its cleaned copy instead. */
    replaceMedia: (from: string, to: string): Promise<void> => blogRepository.replaceMedia(db, from, to),
    mentionsMedia: (cid: string): Promise<boolean> => blogRepository.mentionsMedia(db, cid),

    /** A post by id, whatever its state (the newsletter send checks that it is public). */
    async findById(id: string): Promise<BlogRecord | undefined> {
      const row = await blogRepository.findById(db, id);
      return row ? toBlog(row) : undefined;
    },

    /** A published post by slug without counting a view (for the page's server-rendered head). */
    async findPublic(slug: string): Promise<BlogRecord | undefined> {
      const row = await blogRepository.findBySlug(db, slug, true);
      return row ? toBlog(row) : undefined;
    },

    async feed(limit = 50): Promise<BlogRecord[]> {
      return (await blogRepository.listPublished(db, limit)).map(toBlog);
    },

    /** For the sitemap: slugs of published, not deleted posts. */
    async publicSlugs(): Promise<{ slug: string; updated_at: string }[]> {
      return slugEntries(await blogRepository.publishedSlugs(db));
    },
  };
}

export type BlogsService = ReturnType<typeof createBlogsService>;

declare module 'fastify' {
  interface FastifyInstance {
    blogs: BlogsService;
  }
}

export const blogsPlugin = servicePlugin(
  'blogs',
  async (app) => {
  const service = createBlogsService(app.database.db);
  await definePublicationJobs(app);
  const flush = () =>
    service.flushViews().catch((error: unknown) => app.log.error({ err: error }, 'could not write blog views (kept for the next flush)'));
  const timer = setInterval(flush, app.config.BLOG_VIEWS_FLUSH_MS).unref();
  // After the last request and before the database closes (hooks close in reverse order).
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
  return service;
  },
  { dependencies: ['database', 'jobs', 'public-cache'] },
);
