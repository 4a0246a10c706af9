import { generateKeyPairSync } from 'node:crypto';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { decodeQp, nextMail, outbox } from './outbox';
import { bookConsultation, buyer, getOrder, settle, slot } from './orders-helpers';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe.each(testDatabases())('Google Calendar invitations (Google intercepted) on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), {
    // As pasted into an environment variable: newlines escaped.
    env: { GOOGLE_CLIENT_EMAIL: 'booking@project.iam.gserviceaccount.com', GOOGLE_PRIVATE_KEY: PEM.replace(/\n/g, '\\n'), GOOGLE_CALENDAR_ID: 'team@example.com' },
  });
  afterEach(() => nock.cleanAll());

  it('creates one Google event inviting the attendee, and mails the confirmation without an .ics', async () => {
    nock('https://oauth2.googleapis.com').post('/token').reply(200, { access_token: 'ya29.test', expires_in: 3600, token_type: 'Bearer' });
    let inserted: { attendees?: { email: string }[]; start?: { dateTime: string }; iCalUID?: string } | undefined;
    const calendar = nock('https://www.googleapis.com')
      .post('/calendar/v3/calendars/team%40example.com/events')
      .query({ sendUpdates: 'all', conferenceDataVersion: 1 })
      .reply(200, (_uri, body) => {
        inserted = body as typeof inserted;
        return { id: 'gcal-event-1', hangoutLink: 'https://meet.google.com/abc-defg-hij' };
      });
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(3, 10))).json();
    await settle(app, created.razorpayOrderId);
    // The event is made by a job of its own (calendar.create-event), then the confirmation is queued.
    const mail = await nextMail(app, (m) => m.includes(created.id) && m.includes(`To: ${me.email}`));
    expect(calendar.isDone()).toBe(true);
    expect(inserted).toMatchObject({ attendees: [{ email: me.email }], start: { dateTime: slot(3, 10) }, iCalUID: `order-${created.id}@tinytitans.ai` });
    expect(mail).toContain('Google Calendar invitation');
    // Google made the event's Meet: the booking's meeting link is that one, in the mail and in /orders.
    expect(mail).toContain('Join the call: https://meet.google.com/abc-defg-hij');
    expect((await getOrder(app, me, created.id)).json().meeting_url).toBe('https://meet.google.com/abc-defg-hij');
    expect(mail).not.toContain('text/calendar');
    expect((await outbox(app)).map(decodeQp).filter((m) => m.includes(created.id) && m.includes(`To: ${me.email}`))).toHaveLength(1);
    const again = await app.inject({ method: 'POST', url: '/api/calendar/create-event', headers: me.headers, payload: { order_id: created.id } });
    expect(again.json()).toEqual({ order_id: created.id, via: 'google', created: false });
    expect((await getOrder(app, me, created.id)).json().status).toBe('paid');
  });

  it('falls back to the .ics e-mail when Google refuses', async () => {
    nock('https://oauth2.googleapis.com').post('/token').reply(200, { access_token: 'ya29.test', expires_in: 3600, token_type: 'Bearer' });
    nock('https://www.googleapis.com').post('/calendar/v3/calendars/team%40example.com/events').query(true).reply(403, { error: { code: 403, message: 'Forbidden' } });
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(4, 10))).json();
    await settle(app, created.razorpayOrderId);
    const mail = await nextMail(app, (m) => m.includes(created.id) && m.includes(`To: ${me.email}`));
    expect(mail).toContain('text/calendar');
    expect((await outbox(app)).map(decodeQp).filter((m) => m.includes(created.id) && m.includes(`To: ${me.email}`))).toHaveLength(1);
  });
});
