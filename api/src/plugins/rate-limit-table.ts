import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors api/migrations/0005_rate_limits.sql (the SQL is the source of truth). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
