import { and, eq, isNull, ne } from 'drizzle-orm';
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

  /** The booking's meeting room: given once (`onlyIfNone`), or replaced by an admin or by Google Meet. */
  async setMeetingUrl(db: Db, id: string, url: string, onlyIfNone: boolean): Promise<OrderRow | undefined> {
    const [row] = await db
      .update(orders)
      .set({ meetingUrl: url, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.kind, 'consultation'), onlyIfNone ? isNull(orders.meetingUrl) : undefined))
      .returning();
    return row;
  },

  /** The order (other than `exceptId`) that already has `url`, if any. */
  async meetingUrlTaken(db: Db, url: string, exceptId: string): Promise<boolean> {
    const rows = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.meetingUrl, url), ne(orders.id, exceptId))).limit(1);
    return rows.length > 0;
  },

  async setCalendarEvent(db: Db, id: string, via: 'google' | 'ics_email', eventId: string | null): Promise<void> {
    await db.update(orders).set({ calendarVia: via, calendarEventId: eventId, updatedAt: new Date() }).where(eq(orders.id, id));
  },
};
