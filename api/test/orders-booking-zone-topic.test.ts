import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { adminHeaders } from './content-helpers';
import { testDatabases } from './databases';
import { decodeQp, nextMail, nextRawMail } from './outbox';
import { buyer, createOrder, getOrder, settle, slot, STARTER, type TestBuyer } from './orders-helpers';

const NOTIFY = 'bookings@consultancy.example';
/** The decoded message's bytes read as UTF-8 ("·" is two bytes in quoted-printable). */
const utf8 = (decoded: string) => Buffer.from(decoded, 'latin1').toString('utf8');
const HOUR = 3_600_000;

describe.each(testDatabases())("the buyer's own time and what they would like to discuss on $name", (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { NOTIFY_EMAIL: NOTIFY } });

  const book = (who: TestBuyer, start: string, extra: Record<string, unknown>) =>
    createOrder(app, who, { package_id: STARTER.id, amount: STARTER.price, start_time: start, email: who.email, ...extra });

  async function paid(who: TestBuyer, start: string, extra: Record<string, unknown>) {
    const created = await book(who, start, extra);
    expect(created.statusCode, created.body).toBe(201);
    const { id, razorpayOrderId } = created.json() as { id: string; razorpayOrderId: string };
    expect((await settle(app, razorpayOrderId)).statusCode).toBe(200);
    return (await getOrder(app, who, id)).json() as { id: string; reschedule_url: string };
  }

  /** London's wall clock for an instant: "4:30 AM" (GMT) or "5:30 AM" (BST), as the mail writes it. */
  const londonTime = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit' }).format(new Date(iso)).replace(/\u202f/g, ' ');

  it('names both zones in the confirmation and in the moved booking, when the booking came from London', async () => {
    const me = await buyer(app);
    const start = slot(6, 10);
    const order = await paid(me, start, { time_zone: 'Europe/London' });
    const confirmation = utf8(await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Subject: Booking confirmed')));
    expect(confirmation).toContain(`at 10:00 AM IST · ${londonTime(start)} London`);

    const token = new URL(order.reschedule_url, 'http://x').searchParams.get('token')!;
    const next = slot(7, 15);
    const istLocal = new Date(Date.parse(next) + 5.5 * HOUR).toISOString().slice(0, 16);
    expect((await app.inject({ method: 'POST', url: `/api/orders/${order.id}/reschedule`, payload: { token, start: istLocal } })).statusCode).toBe(200);
    const moved = utf8(await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Subject: Booking moved')));
    expect(moved).toContain(`at 3:00 PM IST · ${londonTime(next)} London`);
  });

  it('names IST alone when the zone is unknown or is India’s', async () => {
    for (const [index, extra] of [{}, { time_zone: 'Asia/Kolkata' }].entries()) {
      const me = await buyer(app);
      await paid(me, slot(8 + index, 11), extra);
      const confirmation = utf8(await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Subject: Booking confirmed')));
      expect(confirmation).toMatch(/at 11:00 AM IST, until/);
      expect(confirmation).not.toMatch(/IST · /);
    }
  });

  it('refuses a time zone that is not one, in words', async () => {
    const me = await buyer(app);
    for (const zone of ['Mars/Olympus', '+05:30', 'x'.repeat(80)]) {
      const answer = await book(me, slot(12, 10), { time_zone: zone });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain('time_zone must be an IANA time zone, such as Europe/London.');
    }
  });

  it('stores what the buyer would like to discuss, trimmed, shows it to the admin and in the notice, escaped in HTML', async () => {
    const me = await buyer(app);
    const topic = '  Our <b>support</b> inbox & triage with an LLM  ';
    const order = await paid(me, slot(10, 12), { discussion: topic, time_zone: 'America/New_York' });
    const listed = (await app.inject({ method: 'GET', url: '/api/admin/orders', headers: adminHeaders(app) })).json() as { items: { id: string; discussion: string | null; time_zone: string | null }[] };
    const mine = listed.items.find((item) => item.id === order.id)!;
    expect(mine.discussion).toBe(topic.trim());
    expect(mine.time_zone).toBe('America/New_York');
    // The buyer's own view does not carry it back (nothing there reads it).
    expect((await getOrder(app, me, order.id)).json()).not.toHaveProperty('discussion');

    const raw = await nextRawMail(app, (m) => m.includes(`To: ${NOTIFY}`) && m.includes('Subject: New booking') && m.includes(order.id));
    const notice = utf8(decodeQp(raw));
    expect(notice).toContain(`What they would like to discuss: ${topic.trim()}`);
    expect(notice).toContain('Our &lt;b&gt;support&lt;/b&gt; inbox &amp; triage');
    expect(notice).not.toContain('<b>support</b> inbox &amp;');
  });

  it('refuses an answer longer than 1,000 characters, in words, and takes exactly 1,000', async () => {
    const me = await buyer(app);
    const tooLong = await book(me, slot(11, 10), { discussion: 'a'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('What you would like to discuss can be at most 1,000 characters.');
    expect((await book(me, slot(11, 10), { discussion: `${'a'.repeat(1000)}   ` })).statusCode).toBe(201);
  });
});
