import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors api/migrations/0007_audit.sql (the SQL is the source of truth). */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  actorId: uuid('actor_id'),
  actorUsername: text('actor_username').notNull(),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  label: text('label'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export type AuditRow = typeof auditLog.$inferSelect;
