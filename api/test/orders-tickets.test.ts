import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders } from './content-helpers';
import { nextMail } from './outbox';
import { STARTER, bookConsultation, buyer, createOrder, eventPackage, getOrder, settle, slot } from './orders-helpers';

// 2027-03-04 10:30 UTC is 4:00 PM IST; the event ends two hours later.
const START = '2027-03-04T10:30:00.000Z';
const END = '2027-03-04T12:30:00.000Z';
/** A text as the decoded message holds it: quoted-printable leaves UTF-8 as its bytes. */
const asDecoded = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe.each(testDatabases())('an event ticket says when and where on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built));

  it("carries its event's title, time, place and page in the order, and its e-mail says them in IST", async () => {
    const me = await buyer(app);
    const { pkg, event } = await eventPackage(
      app,
      { name: 'Agents Meetup Pass', capacity: 10, package_registration_deadline: null },
      { title: 'Agents in Production Meetup', location: 'Tiny Titans Studio, 12 Residency Road, Bengaluru', start_time: START, end_time: END },
    );
    const created = (await createOrder(app, me, { package_id: pkg.id, amount: pkg.price })).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);

    const order = (await getOrder(app, me, created.id)).json();
    expect(order).toMatchObject({
      status: 'paid',
      event: {
        title: 'Agents in Production Meetup',
        start_time: START,
        end_time: END,
        location: 'Tiny Titans Studio, 12 Residency Road, Bengaluru',
        url: `/event/${event.slug}`,
      },
    });
    const listed = (await app.inject({ method: 'GET', url: '/api/orders', headers: me.headers })).json();
    expect(listed.find((o: { id: string }) => o.id === created.id).event.title).toBe('Agents in Production Meetup');

    const mail = await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Payment received'));
    expect(mail).toContain('Subject: Payment received: Agents Meetup Pass for Agents in Production Meetup on March 4, 2027 at 4:00 PM IST');
    expect(mail).toContain('Your seat is booked.');
    expect(mail).not.toContain('Access will be activated');
    expect(mail).toContain('Event: Agents in Production Meetup');
    expect(mail).toContain('When: March 4, 2027 at 4:00 PM IST, until March 4, 2027 at 6:00 PM IST');
    expect(mail).toContain('Where: Tiny Titans Studio, 12 Residency Road, Bengaluru');
    expect(mail).toMatch(new RegExp(`Event page: https?://[^\\s]+/event/${event.slug}\\b`));
    // The amount with the rupee sign and Indian grouping, as every screen writes it.
    expect(mail).toContain(asDecoded('(₹499)'));
  });

  it('a consultation and a subscription have no event', async () => {
    const me = await buyer(app);
    const booking = (await bookConsultation(app, me, slot(4, 11), STARTER)).json();
    expect((await getOrder(app, me, booking.id)).json().event).toBeNull();
    const sub = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: adminHeaders(app),
      payload: { name: 'Office hours', slug: `office-${Date.now()}`, price: 125000, duration_days: 30, package_type: 'subscription' },
    });
    const created = (await createOrder(app, me, { package_id: sub.json().id, amount: 125000 })).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    expect((await getOrder(app, me, created.id)).json().event).toBeNull();
    const mail = await nextMail(app, (m) => m.includes(`To: ${me.email}`) && m.includes('Payment received: Office hours'));
    expect(mail).not.toContain('Event:');
    expect(mail).toContain(asDecoded('(₹1,25,000)'));
  });
});
