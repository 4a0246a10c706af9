import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The consultation catalogue, the only source of its prices. Mirrors migrations 0006 and 0011. */
export const consultationPackages = pgTable('consultation_packages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** NULL: the custom package, which cannot be ordered and leads to the contact page. */
  pricePaise: integer('price_paise'),
  durationMinutes: integer('duration_minutes').notNull(),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  badge: text('badge'),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type ConsultationPackageRow = typeof consultationPackages.$inferSelect;
export type ConsultationPackageInsert = typeof consultationPackages.$inferInsert;
