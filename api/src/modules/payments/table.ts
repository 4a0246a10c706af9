import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0006_orders.sql: webhook deliveries already handled, by event id. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
