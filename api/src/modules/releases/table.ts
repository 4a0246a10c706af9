import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors api/migrations/0020_remote_releases.sql (the SQL is the source of truth). */
export const remoteReleases = pgTable('remote_releases', {
  remote: text('remote').primaryKey(),
  version: text('version').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});

/** Mirrors api/migrations/0022_release_trials.sql: the candidate on trial, at most one row. */
export const releaseTrials = pgTable('release_trials', {
  onlyOne: boolean('only_one').primaryKey().default(true),
  remote: text('remote').notNull(),
  version: text('version').notNull(),
  kind: text('kind', { enum: ['preview', 'canary'] }).notNull(),
  percent: integer('percent').notNull().default(0),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endedReason: text('ended_reason'),
});
