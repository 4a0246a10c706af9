import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { paymentWebhookEvents } from './table';

export const paymentRepository = {
  /** Records a webhook event id; false when it was already recorded (a replayed delivery). */
  async recordWebhookEvent(db: Db, eventId: string, event: string): Promise<boolean> {
    const rows = await db
      .insert(paymentWebhookEvents)
      .values({ eventId, event })
      .onConflictDoNothing({ target: paymentWebhookEvents.eventId })
      .returning({ eventId: paymentWebhookEvents.eventId });
    return rows.length > 0;
  },

  async webhookEventSeen(db: Db, eventId: string): Promise<boolean> {
    const rows = await db.select({ eventId: paymentWebhookEvents.eventId }).from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId));
    return rows.length > 0;
  },

};
