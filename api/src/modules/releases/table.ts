import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors api/migrations/0020_remote_releases.sql (the SQL is the source of truth). */
export const remoteReleases = pgTable('remote_releases', {
  remote: text('remote').primaryKey(),
  version: text('version').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});
