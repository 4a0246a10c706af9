import { customType, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MediaVariant } from '@site/shared/contracts/content-fields';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Mirrors migrations/0009_media_and_session_notices.sql: media by CID, shared by every instance. */
export const mediaObjects = pgTable('media_objects', {
  cid: text('cid').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mirrors migrations/0015_media_images.sql: an image's dimensions and its derived files. */
export const mediaImages = pgTable('media_images', {
  cid: text('cid').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  variants: jsonb('variants').$type<MediaVariant[]>().notNull().default([]),
  derivedAt: timestamp('derived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
