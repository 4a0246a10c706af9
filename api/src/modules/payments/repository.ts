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

};
