import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
// The order record is the orders module's; fulfilment writes its calendar invitation (decision 009).
import { orders, type OrderRow } from '../orders/table';

export const invitationRepository = {
  /** Claims the order's one calendar invitation; undefined when it was already claimed. */
  async claimInvite(db: Db, id: string, via: 'google' | 'ics_email'): Promise<OrderRow | undefined> {
    const now = new Date();
    const [row] = await db
      .update(orders)
      .set({ calendarVia: via, calendarInvitedAt: now, updatedAt: now })
      .where(and(eq(orders.id, id), eq(orders.kind, 'consultation'), eq(orders.status, 'paid'), isNull(orders.calendarInvitedAt)))
      .returning();
    return row;
  },

  async setCalendarEvent(db: Db, id: string, via: 'google' | 'ics_email', eventId: string | null): Promise<void> {
    await db.update(orders).set({ calendarVia: via, calendarEventId: eventId, updatedAt: new Date() }).where(eq(orders.id, id));
  },
};
