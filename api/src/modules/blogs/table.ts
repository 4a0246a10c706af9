import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0003_content.sql. */
export const blogs = pgTable('blogs', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  summary: text('summary'),
  mediaCid: text('media_cid'),
  mediaAlt: text('media_alt'),
  authorId: uuid('author_id').notNull(),
  publishedAt: at('published_at'),
  status: text('status', { enum: ['draft', 'published', 'archived'] }).notNull().default('draft'),
  viewsCount: integer('views_count').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
});

export type BlogRow = typeof blogs.$inferSelect;

/** Mirrors migrations/0008_blog_views.sql: who (as a daily HMAC) has been counted for a post on a day. */
export const blogViews = pgTable(
  'blog_views',
  {
    blogId: uuid('blog_id').notNull(),
    day: date('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (table) => [primaryKey({ columns: [table.blogId, table.day, table.visitor] })],
);
