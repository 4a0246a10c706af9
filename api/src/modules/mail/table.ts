import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors api/migrations/0013_mail_keys.sql (the SQL is the source of truth). */
export const mailKeys = pgTable('mail_keys', {
  key: text('key').primaryKey(),
  jobId: uuid('job_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
