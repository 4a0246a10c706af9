import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { nextMail } from './outbox';

const BOUNDARY = '----one-click-boundary';
const multipartBody = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('') + `--${BOUNDARY}--\r\n`;

/** RFC 8058 one-click posts as mail providers send them: the token in the query, a form body. */
const CASES: [string, Record<string, string>, string][] = [
  ['a multipart form', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, multipartBody({ 'List-Unsubscribe': 'One-Click' })],
  ['an empty multipart body', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, ''],
  ['a urlencoded form', { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click'],
  ['a urlencoded form with extra fields', { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click&provider=x'],
  ['an empty urlencoded body', { 'content-type': 'application/x-www-form-urlencoded' }, ''],
  ['no body at all', {}, ''],
];

describe.each(testDatabases())('one-click unsubscribe bodies on $name', (target) => {
  let app: FastifyInstance;
  let ip = 0;

  useTestApp(target, (built) => (app = built));

  async function subscribedToken(email: string): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/newsletters', payload: { email }, remoteAddress: `10.9.0.${++ip}` });
    expect(res.statusCode).toBe(201);
    const mail = await nextMail(app, (m) => new RegExp(`^To: ${email}$`, 'm').test(m));
    const token = mail.match(/unsubscribe\?token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no token for ${email}`);
    return token;
  }

  const statusOf = async (email: string) =>
    (
      await app.database.withSession((s) =>
        s.query<{ status: string }>('SELECT status FROM newsletter_subscriptions WHERE email = $1', [email]),
      )
    )[0]?.status;

  it.each(CASES.map((c, i) => [...c, i] as const))('unsubscribes on %s', async (_label, headers, payload, i) => {
    const email = `one-click-${i}@example.com`;
    const token = await subscribedToken(email);
    const res = await app.inject({ method: 'POST', url: `/api/newsletters/unsubscribe?token=${token}`, headers, payload });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    expect(await statusOf(email)).toBe('unsubscribed');
  });

  it('still needs a valid token in the query, whatever the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/newsletters/unsubscribe?token=${'y'.repeat(43)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });
});
