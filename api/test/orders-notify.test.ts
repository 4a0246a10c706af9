import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { mailKeys } from '../src/modules/mail/table';
import { useTestApp } from './app';
import { adminHeaders } from './content-helpers';
import { testDatabases } from './databases';
import { decodeQp, nextRawMail, outbox } from './outbox';
import { bookConsultation, buyer, getOrder, settle, slot, withAttachments, type TestBuyer } from './orders-helpers';

const NOTIFY = 'bookings@consultancy.example';
const HOUR = 3_600_000;

describe.each(testDatabases())('the consultancy hears of its bookings on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { NOTIFY_EMAIL: NOTIFY } });

  async function paidBooking(who: TestBuyer, start: string) {
    const created = (await bookConsultation(app, who, start)).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    return (await getOrder(app, who, created.id)).json() as { id: string; cancel_url: string; reschedule_url: string };
  }

  /** The consultancy's notice about `orderId` whose subject starts with `headline`, attachments decoded. */
  const notice = async (orderId: string, headline: string) => {
    const raw = await nextRawMail(app, (m) => m.includes(`To: ${NOTIFY}`) && m.includes(`Subject: ${headline}`) && m.includes(orderId));
    return `${decodeQp(raw)}\n${withAttachments(raw)}`;
  };
  const noticesOf = async (orderId: string) => (await outbox(app)).map(decodeQp).filter((m) => m.includes(`To: ${NOTIFY}`) && m.includes(orderId));

  it('tells of a booking and its move, each with the invitation', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(5, 10));
    const booked = await notice(order.id, 'New booking');
    expect(booked).toMatch(/New booking: Starter Strategy Call on \w+ \d+, \d{4} at 10:00 AM IST/);
    expect(booked).toContain(`Attendee: ${me.email}`);
    expect(booked).toContain('method=REQUEST');
    expect(booked).toContain(`UID:order-${order.id}@tinytitans.ai`);

    const token = new URL(order.reschedule_url, 'http://x').searchParams.get('token')!;
    const next = slot(6, 12);
    const istLocal = new Date(Date.parse(next) + 5.5 * HOUR).toISOString().slice(0, 16);
    expect((await app.inject({ method: 'POST', url: `/api/orders/${order.id}/reschedule`, payload: { token, start: istLocal } })).statusCode).toBe(200);
    const moved = await notice(order.id, 'Booking moved');
    expect(moved).toContain('12:00 PM IST');
    expect(moved).toContain('SEQUENCE:1');
  });

  it('tells of a cancellation (with its refund, once) and of a refund by the admin, each with the calendar cancellation', async () => {
    const me = await buyer(app);
    const cancelled = await paidBooking(me, slot(5, 14));
    await notice(cancelled.id, 'New booking');
    const token = new URL(cancelled.cancel_url, 'http://x').searchParams.get('token')!;
    expect((await app.inject({ method: 'POST', url: `/api/orders/${cancelled.id}/cancel`, payload: { token } })).statusCode).toBe(200);
    const gone = await notice(cancelled.id, 'Booking cancelled');
    expect(gone).toContain('Refunded in full.');
    expect(gone).toContain('method=CANCEL');
    expect(gone).toContain('STATUS:CANCELLED');
    // Booked, then cancelled with its refund: two notices, none queued for the refund.
    expect(await app.database.db.select().from(mailKeys).where(eq(mailKeys.key, `order:${cancelled.id}:notify:refunded`))).toEqual([]);
    expect((await noticesOf(cancelled.id)).map((m) => /^Subject: (\w+ \w+)/m.exec(m)?.[1]).sort()).toEqual(['Booking cancelled', 'New booking']);

    const refunded = await paidBooking(me, slot(5, 16));
    expect((await app.inject({ method: 'POST', url: `/api/orders/${refunded.id}/refund`, headers: adminHeaders(app) })).statusCode).toBe(200);
    const back = await notice(refunded.id, 'Booking refunded');
    expect(back).toContain('method=CANCEL');
  });
});
