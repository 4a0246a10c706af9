import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { nextMail } from './outbox';
import { bookConsultation, buyer, fulfilled, getOrder, settle, slot, type TestBuyer } from './orders-helpers';

describe.each(testDatabases())('a meeting link per booking on $name', (target) => {
  let app: FastifyInstance;
  let admin: TestBuyer;
  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    admin = await buyer(app, 'admin');
  });

  async function paidBooking(who: TestBuyer, start: string) {
    const created = (await bookConsultation(app, who, start)).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    await fulfilled(app, created.id);
    return (await getOrder(app, who, created.id)).json() as { id: string; meeting_url: string; ics_url: string };
  }

  it('gives each paid booking its own unguessable room, named in the mail, the .ics (LOCATION and URL) and /orders', async () => {
    const [me, other] = [await buyer(app), await buyer(app)];
    const mine = await paidBooking(me, slot(3, 10));
    const theirs = await paidBooking(other, slot(3, 14));
    expect(mine.meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/[A-Za-z]+-[\w-]{20}$/);
    expect(theirs.meeting_url).toMatch(/^https:\/\/meet\.jit\.si\//);
    expect(theirs.meeting_url).not.toBe(mine.meeting_url);

    const mail = await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Booking confirmed'));
    expect(mail).toContain(`Join the call: ${mine.meeting_url}`);
    const ics = await app.inject({ method: 'GET', url: mine.ics_url });
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!);
    expect(event.location).toBe(mine.meeting_url);
    expect(event.component.getFirstPropertyValue('url')).toBe(mine.meeting_url);
  });

  it('makes rooms under the address the admin sets, and lets an admin replace one booking’s link, never with another’s', async () => {
    const setBase = (meeting_link: string | null) =>
      app.inject({ method: 'PUT', url: '/api/admin/consultations/meeting-link', headers: admin.headers, payload: { meeting_link } });
    expect((await setBase('https://jitsi.example.com/')).statusCode).toBe(200);
    const me = await buyer(app);
    const booked = await paidBooking(me, slot(4, 10));
    expect(booked.meeting_url).toMatch(/^https:\/\/jitsi\.example\.com\/[A-Za-z]+-[\w-]{20}$/);
    expect((await setBase(null)).statusCode).toBe(200);

    const replace = (id: string, meeting_url: string, who = admin) =>
      app.inject({ method: 'PUT', url: `/api/admin/orders/${id}/meeting-link`, headers: who.headers, payload: { meeting_url } });
    expect((await replace(booked.id, 'https://zoom.example.com/j/1', me)).statusCode).toBe(403);
    expect((await replace(booked.id, 'http://zoom.example.com/j/1')).statusCode).toBe(400);
    const replaced = await replace(booked.id, 'https://zoom.example.com/j/1');
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().meeting_url).toBe('https://zoom.example.com/j/1');
    expect((await getOrder(app, me, booked.id)).json().meeting_url).toBe('https://zoom.example.com/j/1');
    const other = await paidBooking(await buyer(app), slot(4, 14));
    const shared = await replace(other.id, 'https://zoom.example.com/j/1');
    expect(shared.statusCode).toBe(409);
    expect(shared.json().message).toBe('Another booking already has that meeting link: each booking needs its own.');
  });
});
