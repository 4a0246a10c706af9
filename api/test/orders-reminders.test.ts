import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REMINDER_QUEUE, type ReminderJob } from '../src/modules/fulfilment/reminders';
import { adminHeaders, userHeaders } from './content-helpers';
import { useTestApp } from './app';
import { FAST_JOBS_ENV, jobsTargets } from './jobs-helpers';
import { until } from '@site/test-support/until';
import { nextMail, outbox, decodeQp } from './outbox';
import { bookConsultation, buyer, fulfilled, getOrder, settle, slot, type TestBuyer } from './orders-helpers';

const HOUR = 3_600_000;

describe.each(jobsTargets())('booking reminders on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), { env: FAST_JOBS_ENV });

  async function paidBooking(who: TestBuyer, start: string) {
    const created = (await bookConsultation(app, who, start)).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    await fulfilled(app, created.id);
    return (await getOrder(app, who, created.id)).json() as { id: string; cancel_url: string; reschedule_url: string };
  }

  /** The reminder jobs of an order still waiting to be sent. */
  const waiting = async (orderId: string) =>
    (await app.jobs.boss.findJobs<ReminderJob>(REMINDER_QUEUE, { data: { orderId }, queued: true }))
      .map((job) => ({ lead: job.data.lead, start: job.data.start, at: new Date(job.startAfter).toISOString() }))
      .sort((a, b) => a.at.localeCompare(b.at));

  const remindersTo = async (who: TestBuyer) => (await outbox(app)).map(decodeQp).filter((m) => m.includes(`To: ${who.email}`) && m.includes('Subject: Reminder'));

  const setMeetingLink = (meeting_link: string | null, headers = adminHeaders(app)) =>
    app.inject({ method: 'PUT', url: '/api/admin/consultations/meeting-link', headers, payload: { meeting_link } });

  it('schedules reminders 24 hours and 1 hour before a paid booking; each says the IST time, how to join and the links, once', async () => {
    const me = await buyer(app);
    const start = slot(3, 10);
    const order = await paidBooking(me, start);
    const startMs = Date.parse(start);
    expect(await waiting(order.id)).toEqual([
      { lead: '24h', start, at: new Date(startMs - 24 * HOUR).toISOString() },
      { lead: '1h', start, at: new Date(startMs - HOUR).toISOString() },
    ]);

    // The 24-hour reminder, run as if its time had come (the clock an hour before is not waited for).
    const job: ReminderJob = { orderId: order.id, lead: '24h', start };
    expect(await app.fulfilment.reminders.remind(job, new Date(startMs - 24 * HOUR))).toBe(true);
    const mail = await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Subject: Reminder'));
    expect(mail).toContain('is tomorrow');
    expect(mail).toMatch(/starts in 24 hours: \w+ \d+, \d{4} at 10:00 AM IST/);
    // The booking's own room, made at payment on public Jitsi (the admin had set no address).
    const room = (await app.orders.findById(order.id))!.meetingUrl!;
    expect(room).toMatch(/^https:\/\/meet\.jit\.si\/[A-Za-z]+-[\w-]{20}$/);
    expect(mail).toContain(`Join the call: ${room}`);
    expect(mail).toContain(`/api/orders/${order.id}/reschedule?token=`);
    expect(mail).toContain(`/api/orders/${order.id}/cancel?token=`);

    // Run again (a retried job): not sent twice.
    expect(await app.fulfilment.reminders.remind(job, new Date(startMs - 24 * HOUR))).toBe(true);
    // A later change of the rooms' address keeps this booking's room; the real worker sends the next one.
    expect((await setMeetingLink('https://meet.example.com')).statusCode).toBe(200);
    await app.jobs.send<ReminderJob>(REMINDER_QUEUE, { orderId: order.id, lead: '1h', start });
    const soon = await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('starts in 1 hour'));
    expect(soon).toContain(`Join the call: ${room}`);
    expect(await remindersTo(me)).toHaveLength(2);
    // At or after the start, a reminder sends nothing.
    expect(await app.fulfilment.reminders.remind({ ...job, lead: '1h' }, new Date(startMs))).toBe(false);
    expect((await setMeetingLink(null)).statusCode).toBe(200);
  });

  it('skips a reminder run late past a quarter of its lead, so downtime across the 24-hour mark sends only the true one', async () => {
    const me = await buyer(app);
    const start = slot(7, 11);
    const order = await paidBooking(me, start);
    const startMs = Date.parse(start);
    const reminder = (lead: ReminderJob['lead'], at: number) => app.fulfilment.reminders.remind({ orderId: order.id, lead, start }, new Date(at));
    // Back up 55 minutes before the start: "is tomorrow" would be false, only the 1-hour one goes.
    expect(await reminder('24h', startMs - 55 * 60_000)).toBe(false);
    expect(await reminder('1h', startMs - 55 * 60_000)).toBe(true);
    // A little late is still true enough; a 1-hour reminder 20 minutes before the start is not.
    expect(await reminder('24h', startMs - 20 * HOUR)).toBe(true);
    const other = await paidBooking(me, slot(8, 11));
    expect(await app.fulfilment.reminders.remind({ orderId: other.id, lead: '1h', start: slot(8, 11) }, new Date(Date.parse(slot(8, 11)) - 20 * 60_000))).toBe(false);
    const sentFor = async () => (await remindersTo(me)).filter((mail) => mail.includes(order.id));
    await until(async () => (await sentFor()).length >= 2, 'both reminders sent');
    const sent = await sentFor();
    expect(sent.map((mail) => (mail.includes('is tomorrow') ? '24h' : '1h')).sort()).toEqual(['1h', '24h']);
  });

  it('moves the reminders with a rescheduled booking; the old ones send nothing', async () => {
    const me = await buyer(app);
    const first = slot(6, 10);
    const order = await paidBooking(me, first);
    const token = new URL(order.reschedule_url, 'http://x').searchParams.get('token')!;
    const next = slot(9, 12);
    const istLocal = new Date(Date.parse(next) + 5.5 * HOUR).toISOString().slice(0, 16);
    const moved = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/reschedule`, payload: { token, start: istLocal } });
    expect(moved.statusCode).toBe(200);
    expect((await waiting(order.id)).map(({ lead, start }) => [lead, start])).toEqual([
      ['24h', next],
      ['1h', next],
    ]);
    expect(await app.fulfilment.reminders.remind({ orderId: order.id, lead: '24h', start: first }, new Date(Date.parse(first) - 24 * HOUR))).toBe(false);
    expect(await remindersTo(me)).toHaveLength(0);
  });

  it('drops the reminders of a cancelled or refunded booking', async () => {
    const me = await buyer(app);
    const cancelled = await paidBooking(me, slot(4, 10));
    expect(await waiting(cancelled.id)).toHaveLength(2);
    const token = new URL(cancelled.cancel_url, 'http://x').searchParams.get('token')!;
    expect((await app.inject({ method: 'POST', url: `/api/orders/${cancelled.id}/cancel`, payload: { token } })).statusCode).toBe(200);
    expect(await waiting(cancelled.id)).toEqual([]);

    const refunded = await paidBooking(me, slot(4, 14));
    expect(await waiting(refunded.id)).toHaveLength(2);
    expect((await app.inject({ method: 'POST', url: `/api/orders/${refunded.id}/refund`, headers: adminHeaders(app) })).statusCode).toBe(200);
    expect(await waiting(refunded.id)).toEqual([]);
    // A reminder left behind checks its booking first.
    const start = slot(4, 14);
    expect(await app.fulfilment.reminders.remind({ orderId: refunded.id, lead: '1h', start }, new Date(Date.parse(start) - HOUR))).toBe(false);
    expect(await remindersTo(me)).toHaveLength(0);
  });

  it('lets only an admin set the meeting link, to an https address, audited', async () => {
    expect((await setMeetingLink('https://meet.example.com/x', userHeaders(app))).statusCode).toBe(403);
    expect((await setMeetingLink('javascript:alert(1)')).statusCode).toBe(400);
    expect((await setMeetingLink('http://meet.example.com/plain')).statusCode).toBe(400);
    expect((await setMeetingLink('https://meet.example.com/room')).json()).toEqual({ meeting_link: 'https://meet.example.com/room' });
    const read = await app.inject({ method: 'GET', url: '/api/admin/consultations/meeting-link', headers: adminHeaders(app) });
    expect(read.json()).toEqual({ meeting_link: 'https://meet.example.com/room' });
    expect((await app.audit.recent(1))[0]).toMatchObject({ action: 'update', entity: 'consultation', label: 'Meeting link: https://meet.example.com/room' });
    await setMeetingLink(null);
    expect((await app.inject({ method: 'GET', url: '/api/admin/consultations/meeting-link', headers: adminHeaders(app) })).json()).toEqual({ meeting_link: null });
  });
});
