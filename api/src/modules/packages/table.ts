import { boolean, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0003_content.sql. */
export const packages = pgTable('packages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  // Read as a string so no rounding happens on the way; converted at the edge.
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  durationDays: integer('duration_days'),
  isActive: boolean('is_active').notNull().default(true),
  packageType: text('package_type', { enum: ['subscription', 'event'] }).notNull(),
  // References events (the foreign key lives in the migration, like every constraint).
  eventId: uuid('event_id'),
  capacity: integer('capacity'),
  packageRegistrationDeadline: at('package_registration_deadline'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export type PackageRow = typeof packages.$inferSelect;
