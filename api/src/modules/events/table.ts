import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0003_content.sql (packages_ids dropped by 0009: packages.event_id holds the link). */
export const events = pgTable('events', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull(),
  location: text('location').notNull(),
  startTime: at('start_time').notNull(),
  endTime: at('end_time'),
  registrationDeadline: at('registration_deadline'),
  paymentRequired: boolean('payment_required').notNull().default(false),
  status: text('status', { enum: ['draft', 'published', 'cancelled', 'completed'] }).notNull().default('draft'),
  createdBy: uuid('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export type EventRow = typeof events.$inferSelect;
