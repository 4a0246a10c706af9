import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import { useTestApp } from './app';
import { adminHeaders } from './content-helpers';
import { testDatabases } from './databases';
import { nextRawMail } from './outbox';
import { bookConsultation, buyer, createOrder, fulfilled, settle, slot, STARTER, withAttachments, type TestBuyer } from './orders-helpers';

const istDate = (iso: string) => new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);

describe.each(testDatabases())("the admin's agenda of bookings on $name", (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  async function paid(who: TestBuyer, start: string, extra: Record<string, unknown> = {}) {
    const created = await createOrder(app, who, { package_id: STARTER.id, amount: STARTER.price, start_time: start, email: who.email, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    expect((await settle(app, created.json().razorpayOrderId)).statusCode).toBe(200);
    // Its room is made by the `order.paid` job, after the payment's answer.
    await fulfilled(app, created.json().id);
    return created.json().id as string;
  }

  it('is for admins only', async () => {
    const me = await buyer(app);
    const id = await paid(me, slot(5, 10));
    const day = istDate(slot(5, 10));
    for (const headers of [{}, me.headers]) {
      expect([401, 403]).toContain((await app.inject({ method: 'GET', url: `/api/admin/bookings?from=${day}&to=${day}`, headers })).statusCode);
      const move = await app.inject({ method: 'POST', url: `/api/admin/orders/${id}/move`, headers, payload: { start_time: slot(6, 10) } });
      expect([401, 403]).toContain(move.statusCode);
    }
  });

  it('lists the coming consultations of those days with buyer, link and topic, soonest first', async () => {
    const me = await buyer(app);
    const later = await paid(me, slot(7, 15), { discussion: 'Pricing our AI audit' });
    const sooner = await paid(me, slot(7, 9, 30));
    const day = istDate(slot(7, 10));
    const answer = await app.inject({ method: 'GET', url: `/api/admin/bookings?from=${day}&to=${day}`, headers: adminHeaders(app) });
    expect(answer.statusCode).toBe(200);
    const items = (answer.json() as { id: string; discussion: string | null; buyer_email: string; meeting_url: string | null }[]).filter((item) => [later, sooner].includes(item.id));
    expect(items.map((item) => item.id)).toEqual([sooner, later]);
    expect(items[1]).toMatchObject({ discussion: 'Pricing our AI audit', buyer_email: me.email });
    expect(items[1]!.meeting_url).toMatch(/^https:\/\//);
    const tooLong = await app.inject({ method: 'GET', url: `/api/admin/bookings?from=${day}&to=2099-01-01`, headers: adminHeaders(app) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('moves a booking under the slot rules: the buyer gets the updated invitation, same UID, next SEQUENCE', async () => {
    const me = await buyer(app);
    const other = await buyer(app);
    const id = await paid(me, slot(8, 10));
    // A start another booking holds is refused in words, and nothing moves.
    expect((await bookConsultation(app, other, slot(9, 12))).statusCode).toBe(201);
    const taken = await app.inject({ method: 'POST', url: `/api/admin/orders/${id}/move`, headers: adminHeaders(app), payload: { start_time: slot(9, 12) } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/[a-z]+ [a-z]+/i);

    const moved = await app.inject({ method: 'POST', url: `/api/admin/orders/${id}/move`, headers: adminHeaders(app), payload: { start_time: slot(9, 15) } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(Date.parse(moved.json().start_time)).toBe(Date.parse(slot(9, 15)));
    const raw = await nextRawMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Subject: Booking moved'));
    const invite = withAttachments(raw);
    expect(invite).toContain(`UID:order-${id}@`);
    expect(invite).toContain('SEQUENCE:1');
  });
});
