import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { decodeQp, nextMail, nextRawMail, outbox } from './outbox';
import { bookConsultation, buyer, getOrder, settle, slot, withAttachments, type TestBuyer } from './orders-helpers';

/** Whether a decoded message is addressed to the buyer. */
const to = (mail: string, who: TestBuyer) => new RegExp(`^To: ${who.email}$`, 'm').test(mail);

describe.each(testDatabases())('booked consultations on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  async function paidBooking(who: TestBuyer, start: string) {
    const created = (await bookConsultation(app, who, start)).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    return (await getOrder(app, who, created.id)).json() as {
      id: string;
      start_time: string;
      ics_url: string;
      cancel_url: string;
      reschedule_url: string | null;
      status: string;
    };
  }

  const createEvent = (who: TestBuyer | undefined, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/calendar/create-event', headers: who?.headers ?? {}, payload });

  it('mails a confirmation with an .ics invitation: stable UID, UTC times, organizer and attendee', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(3, 10));
    const raw = await nextRawMail(app, (m) => to(m, me) && m.includes('Booking confirmed'));
    expect((await outbox(app)).map(decodeQp).filter((m) => to(m, me))).toHaveLength(1);
    expect(decodeQp(raw)).toContain('text/calendar');
    expect(withAttachments(raw)).toContain(`UID:order-${order.id}@tinytitans.ai`);
    const ics = await app.inject({ method: 'GET', url: order.ics_url });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const body = ics.body.replace(/\r\n[ \t]/g, '');
    expect(body).toContain(`UID:order-${order.id}@tinytitans.ai`);
    const start = order.start_time.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(body).toContain(`DTSTART:${start}`);
    expect(body).toMatch(/DTEND:\d{8}T\d{6}Z/);
    expect(body).toMatch(/ORGANIZER;CN=.*:mailto:hello@tinytitans\.ai/i);
    expect(body.toLowerCase()).toContain(`mailto:${me.email}`);
    expect(body).toContain('METHOD:REQUEST');
    // The buyer with a bearer token may fetch it too; a bad token or a stranger may not.
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.id}/invite.ics`, headers: me.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.id}/invite.ics?token=forged` })).statusCode).toBe(404);
    const stranger = await buyer(app);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.id}/invite.ics`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.id}/invite.ics` })).statusCode).toBe(401);
  });

  it('create-event: own paid booking only, one invitation per order, never to another address', async () => {
    const me = await buyer(app);
    const stranger = await buyer(app);
    const order = await paidBooking(me, slot(4, 10));
    expect((await createEvent(undefined, { order_id: order.id })).statusCode).toBe(401);
    expect((await createEvent(stranger, { order_id: order.id })).statusCode).toBe(404);
    expect((await createEvent(stranger, { startDateTime: order.start_time, attendeeEmail: stranger.email })).statusCode).toBe(404);
    await nextMail(app, (m) => to(m, me) && m.includes('Booking confirmed'));
    // The consultancy's copy of the booking is queued with the payment too: counted before, not after.
    await nextMail(app, (m) => m.includes('Attendee: ') && m.includes(`Order: ${order.id}`));
    const before = (await outbox(app)).length;
    // The spec's payload (no order id): found by the booked start; the invitation already went with the confirmation.
    const res = await createEvent(me, {
      startDateTime: order.start_time,
      endDateTime: new Date(Date.parse(order.start_time) + 45 * 60_000).toISOString(),
      attendeeEmail: 'victim@example.org',
      summary: 'Starter Strategy Call Booking',
      description: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_id: order.id, via: 'ics_email', created: false });
    expect((await createEvent(me, { order_id: order.id })).json().created).toBe(false);
    const after = (await outbox(app)).slice(before).map(decodeQp);
    expect(after.some((mail) => mail.includes('victim@example.org'))).toBe(false);
    expect(after).toHaveLength(0);

    const unpaid = (await bookConsultation(app, me, slot(4, 12))).json();
    expect((await createEvent(me, { order_id: unpaid.id })).statusCode).toBe(409);
    expect((await createEvent(me, {})).statusCode).toBe(400);
  });

  it('sends the invitation once when the confirmation could not claim it (idempotent create-event)', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(4, 14));
    // The payment's own job has sent the confirmation; then the claim is lost (an order from before invitations).
    await nextMail(app, (m) => to(m, me) && m.includes('Booking confirmed! Thank you for your payment.'));
    await app.database.db.execute(sql`UPDATE orders SET calendar_invited_at = NULL, calendar_via = NULL WHERE id = ${order.id}`);
    const [a, b] = await Promise.all([createEvent(me, { order_id: order.id }), createEvent(me, { order_id: order.id })]);
    expect([a.json().created, b.json().created].sort()).toEqual([false, true]);
    await nextMail(app, (m) => to(m, me) && m.includes('Your calendar invitation.'));
    expect((await outbox(app)).map(decodeQp).filter((m) => to(m, me) && m.includes('Your calendar invitation.'))).toHaveLength(1);
  });

  it('cancels through the signed link within 48 h of payment: refunded, slot freed, cancellation mailed', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(5, 10));
    const page = await app.inject({ method: 'GET', url: order.cancel_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Cancel booking');
    expect(page.body).toContain('refunds the full amount');
    // A page, though under /api/: the page policy lets its inline style and form work.
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const token = new URL(order.cancel_url, 'http://x').searchParams.get('token')!;
    expect((await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, payload: 'token=wrong', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    const done = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('being refunded');
    const after = (await getOrder(app, me, order.id)).json();
    expect(after).toMatchObject({ status: 'refunded', cancel_url: null, ics_url: null });
    const mail = withAttachments(await nextRawMail(app, (m) => to(m, me) && m.includes('Booking cancelled')));
    expect(mail).toContain('METHOD:CANCEL');
    // The slot is free again.
    const other = await buyer(app);
    expect((await bookConsultation(app, other, slot(5, 10))).statusCode).toBe(201);
    // A second press changes nothing.
    const again = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, payload: `token=${encodeURIComponent(token)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(again.statusCode).toBe(409);
  });

  it('cancels without a refund after 48 h and says to contact us', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(6, 10));
    await app.database.db.execute(sql`UPDATE orders SET paid_at = now() - interval '49 hours' WHERE id = ${order.id}`);
    expect((await app.inject({ method: 'GET', url: order.cancel_url })).body).toContain('refund window has passed');
    const token = new URL(order.cancel_url, 'http://x').searchParams.get('token')!;
    const done = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, payload: { token } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('contact us');
    expect((await getOrder(app, me, order.id)).json()).toMatchObject({ status: 'paid', cancel_url: null });
    expect(await nextMail(app, (m) => to(m, me) && m.includes('Booking cancelled'))).toContain('Please contact us');
    const other = await buyer(app);
    expect((await bookConsultation(app, other, slot(6, 10))).statusCode).toBe(201);
  });

  it('reschedules to another free slot until 24 h before, with an updated invitation', async () => {
    const me = await buyer(app);
    const order = await paidBooking(me, slot(7, 10));
    const blocker = await paidBooking(await buyer(app), slot(7, 15));
    void blocker;
    const form = await app.inject({ method: 'GET', url: order.reschedule_url! });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<label for="start">New date and time (IST)</label>');
    // Only free times are offered: the other booking's, and its buffers, are not; the booking's own time is.
    const day7 = await app.inject({ method: 'GET', url: `${order.reschedule_url!}&day=${istLocal(slot(7, 10)).slice(0, 10)}` });
    const offered = [...day7.body.matchAll(/<option value="(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})"/g)].map((m) => m[1]!);
    expect(offered).toContain(istLocal(slot(7, 10)));
    expect(offered).toContain(istLocal(slot(7, 14)));
    for (const near of [slot(7, 14, 15), slot(7, 15), slot(7, 15, 45)]) expect(offered).not.toContain(istLocal(near));
    const token = new URL(order.reschedule_url!, 'http://x').searchParams.get('token')!;
    const post = (start: string) =>
      app.inject({ method: 'POST', url: `/api/orders/${order.id}/reschedule`, payload: { token, start } });
    const taken = await post(istLocal(slot(7, 15, 15)));
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('no longer available');
    expect(taken.body).toContain('role="alert"');
    expect((await post(istLocal(slot(7, 19)))).statusCode).toBe(400);
    const moved = await post(istLocal(slot(8, 11, 30)));
    expect(moved.statusCode).toBe(200);
    expect((await getOrder(app, me, order.id)).json().start_time).toBe(slot(8, 11, 30));
    const mail = withAttachments(await nextRawMail(app, (m) => to(m, me) && m.includes('Booking moved')));
    expect(mail).toContain('SEQUENCE:1');
    // The old slot is free, the new one busy.
    const busy = await app.inject({ method: 'GET', url: `/api/bookings/busy?from=${encodeURIComponent(slot(7, 0))}&to=${encodeURIComponent(slot(9, 0))}` });
    expect(busy.json().map((b: { start: string }) => b.start)).toEqual([slot(7, 15), slot(8, 11, 30)]);

    // Within 24 hours of the start: no more moving online.
    const soon = await paidBooking(me, slot(1, 17, 45));
    await app.database.db.execute(sql`UPDATE orders SET start_time = now() + interval '23 hours', end_time = now() + interval '24 hours' WHERE id = ${soon.id}`);
    expect((await getOrder(app, me, soon.id)).json().reschedule_url).toBeNull();
    const late = await app.inject({ method: 'GET', url: `/api/orders/${soon.id}/reschedule?token=${new URL(soon.cancel_url, 'http://x').searchParams.get('token')}` });
    expect(late.statusCode).toBe(404);
  });
});

/** The datetime-local value (IST wall clock) of an instant. */
function istLocal(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16);
}
