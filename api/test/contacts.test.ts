import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { nextMail } from './outbox';
import { CONTACT_RATE_LIMIT } from '../src/modules/contacts/routes';

const valid = {
  name: 'Asha Rao',
  email: '  Asha.Rao@Example.com ',
  country_code: '',
  phone_number: '',
  message: 'We want a WhatsApp bot for our clinic.',
  subject: 'AI-Powered Chatbots',
};

describe.each(testDatabases())('POST /api/contacts on $name', (target) => {
  let app: FastifyInstance;
  let ipCounter = 0;
  // Each test comes from its own address so the per-IP limit of one does not leak into another.
  const fromNewIp = () => `10.1.0.${++ipCounter}`;
  const post = (payload: unknown, remoteAddress = fromNewIp()) =>
    app.inject({ method: 'POST', url: '/api/contacts', payload: payload as object, remoteAddress });

  useTestApp(target, (built) => (app = built));

  it('stores the message and e-mails the site inbox with reply-to the sender', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const rows = await app.database.withSession((s) =>
      s.query<{ name: string; email: string; subject: string; message: string }>(
        'SELECT name, email, subject, message FROM contact_messages WHERE id = $1',
        [id],
      ),
    );
    expect(rows).toEqual([
      { name: 'Asha Rao', email: 'asha.rao@example.com', subject: 'AI-Powered Chatbots', message: valid.message },
    ]);
    const mail = await nextMail(app, (m) => m.includes(id));
    expect(mail).toMatch(/^To: hello@tinytitans\.ai$/m);
    expect(mail).toMatch(/^Reply-To: "?Asha Rao"? <asha\.rao@example\.com>$/m);
    expect(mail).toMatch(/^Subject: New contact message: AI-Powered Chatbots$/m);
    expect(mail).toContain('We want a WhatsApp bot for our clinic.');
  });

  it('keeps a subject with line breaks on one header line', async () => {
    const res = await post({ ...valid, subject: 'Other\r\nBcc: victim@example.com' });
    expect(res.statusCode).toBe(201);
    const mail = await nextMail(app, (m) => m.includes(res.json().id));
    expect(mail).not.toMatch(/^Bcc:/m);
  });

  it.each([
    ['a missing field', { ...valid, message: undefined }],
    ['an empty name', { ...valid, name: '   ' }],
    ['a bad e-mail', { ...valid, email: 'not-an-email' }],
    ['a too long message', { ...valid, message: 'x'.repeat(5001) }],
    ['an unknown field', { ...valid, admin: true }],
    ['a bad phone number', { ...valid, phone_number: '<script>' }],
  ])('refuses %s with 400 in the error shape', async (_label, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('validation_error');
    expect(typeof body.message).toBe('string');
    expect(Array.isArray(body.details.issues)).toBe(true);
  });

  it('stores nothing for a refused message', async () => {
    const before = await app.database.withSession((s) => s.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages'));
    await post({ ...valid, email: 'nope' });
    const after = await app.database.withSession((s) => s.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages'));
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it(`limits each address to ${CONTACT_RATE_LIMIT.max} messages per window with 429`, async () => {
    const ip = fromNewIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await post(valid, ip)).statusCode).toBe(201);
    const limited = await post(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(limited.json().message).toMatch(/Too many requests/);
    // Another visitor is not affected.
    expect((await post(valid)).statusCode).toBe(201);
  });
});
