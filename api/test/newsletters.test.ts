import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { decodeQp, nextMail, outbox } from './outbox';
import { NEWSLETTER_RATE_LIMIT } from '../src/modules/newsletters/routes';

describe.each(testDatabases())('newsletters on $name', (target) => {
  let app: FastifyInstance;
  let ipCounter = 0;
  const fromNewIp = () => `10.2.0.${++ipCounter}`;
  const subscribe = (payload: unknown, remoteAddress = fromNewIp()) =>
    app.inject({ method: 'POST', url: '/api/newsletters', payload: payload as object, remoteAddress });

  /**
   * The token from the latest welcome mail to `email` (waited for: the queue sends it), and that
   * mail; with `previousToken`, a welcome other than the one that carried it.
   */
  async function welcomeFor(email: string, previousToken?: string) {
    const to = (m: string) => new RegExp(`^To: ${email}$`, 'm').test(m);
    const mail = await nextMail(app, (m) => to(m) && (!previousToken || !m.includes(previousToken)));
    const mails = (await outbox(app)).map(decodeQp).filter(to);
    const token = mail?.match(/unsubscribe\?token=([\w-]+)/)?.[1];
    if (!mail || !token) throw new Error(`no welcome mail for ${email}`);
    return { mail, token, count: mails.length };
  }

  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: 'https://tinytitans.example' } });

  it('subscribes a normalized address, asks it to confirm, and sends the welcome once confirmed, each with one-click unsubscribe headers', async () => {
    const res = await subscribe({ email: '  Reader@Example.COM ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'reader@example.com', status: 'subscribed' });
    const { mail, token } = await welcomeFor('reader@example.com');
    expect(mail).toMatch(/^Subject: Please confirm your subscription to the Tiny Titans AI newsletter$/m);
    expect(mail).toMatch(/^List-Unsubscribe: <https:\/\/tinytitans\.example\/api\/newsletters\/unsubscribe\?token=[\w-]+>$/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Only hashes of the tokens are stored.
    const rows = await app.database.withSession((s) =>
      s.query<{ unsubscribe_token_hash: string; confirmed_at: string | null }>(
        "SELECT unsubscribe_token_hash, confirmed_at FROM newsletter_subscriptions WHERE email = 'reader@example.com'",
      ),
    );
    expect(rows[0]?.unsubscribe_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.unsubscribe_token_hash).not.toContain(token);
    expect(rows[0]?.confirmed_at).toBeNull();

    const confirmUrl = mail.match(/https:\/\/tinytitans\.example(\/api\/newsletters\/confirm\?token=[\w-]+)/)?.[1];
    expect((await app.inject({ method: 'GET', url: '/api/newsletters/confirm?token=' + 'z'.repeat(43) })).statusCode).toBe(404);
    // A cut or mistyped link is a page in words, never a validation error in JSON.
    for (const url of ['/api/newsletters/confirm?token=short', '/api/newsletters/confirm', '/api/newsletters/unsubscribe?token=ab!']) {
      const cut = await app.inject({ method: 'GET', url });
      expect(cut.statusCode, url).toBe(404);
      expect(cut.headers['content-type'], url).toMatch(/^text\/html/);
      expect(cut.body, url).toContain('not valid');
      expect(cut.body, url).not.toContain('validation_error');
    }
    const confirmed = await app.inject({ method: 'GET', url: confirmUrl! });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Subscription confirmed');
    // A second click still says so, and sends nothing more.
    expect((await app.inject({ method: 'GET', url: confirmUrl! })).statusCode).toBe(200);
    const welcome = await nextMail(app, (m) => m.includes('To: reader@example.com') && m.includes('Subject: Welcome'));
    expect(welcome).toMatch(/^Subject: Welcome to the Tiny Titans AI newsletter$/m);
    expect(welcome).toMatch(/^List-Unsubscribe: <https:\/\/tinytitans\.example\/api\/newsletters\/unsubscribe\?token=s_[\w-]+>$/m);
    expect(welcome).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect((await outbox(app)).map(decodeQp).filter((m) => m.includes('To: reader@example.com'))).toHaveLength(2);
    // Its link unsubscribes; a forged one does not.
    const signed = welcome.match(/unsubscribe\?token=(s_[\w-]+)/)![1]!;
    const forged = signed.slice(0, -3) + (signed.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await app.inject({ method: 'POST', url: `/api/newsletters/unsubscribe?token=${forged}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/newsletters/unsubscribe?token=${signed}` })).statusCode).toBe(200);
  });

  it('answers 409 with the spec message for an address already subscribed (any case)', async () => {
    await subscribe({ email: 'twice@example.com' });
    const res = await subscribe({ email: 'TWICE@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: 'This email is already subscribed.' });
  });

  it.each([
    ['no e-mail', {}],
    ['a bad e-mail', { email: 'nope' }],
    ['an unknown field', { email: 'a@example.com', admin: true }],
  ])('refuses %s with 400 in the error shape', async (_label, payload) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error' });
    expect(typeof res.json().message).toBe('string');
  });

  it('GET on the unsubscribe link only asks for confirmation; POST (one click) unsubscribes', async () => {
    await subscribe({ email: 'leaver@example.com' });
    const { token } = await welcomeFor('leaver@example.com');
    const url = `/api/newsletters/unsubscribe?token=${token}`;

    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('leaver@example.com');
    expect(page.body).toMatch(/<form action="\/api\/newsletters\/unsubscribe\?token=[^"]+" method="post">/);
    // A page, though under /api/: the page policy (its form posts here, its style is inline).
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const status = () =>
      app.database.withSession((s) =>
        s.query<{ status: string }>("SELECT status FROM newsletter_subscriptions WHERE email = 'leaver@example.com'"),
      );
    expect((await status())[0]?.status).toBe('subscribed');

    const done = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect((await status())[0]?.status).toBe('unsubscribed');

    // Idempotent, and the page now says so.
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url })).body).toContain('no longer receives');
  });

  it('re-subscribing after unsubscribing works and issues a new token', async () => {
    await subscribe({ email: 'back@example.com' });
    const first = await welcomeFor('back@example.com');
    await app.inject({ method: 'POST', url: `/api/newsletters/unsubscribe?token=${first.token}` });
    const again = await subscribe({ email: 'back@example.com' });
    expect(again.statusCode).toBe(201);
    const second = await welcomeFor('back@example.com', first.token);
    expect(second.count).toBe(2);
    expect(second.token).not.toBe(first.token);
    // The old link no longer matches; the new one does.
    expect((await app.inject({ method: 'POST', url: `/api/newsletters/unsubscribe?token=${first.token}` })).statusCode).toBe(404);
    expect((await subscribe({ email: 'back@example.com' })).statusCode).toBe(409);
  });

  it('refuses an unknown or malformed token', async () => {
    const unknown = await app.inject({ method: 'POST', url: `/api/newsletters/unsubscribe?token=${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'This unsubscribe link is not valid.' });
    const page = await app.inject({ method: 'GET', url: `/api/newsletters/unsubscribe?token=${'x'.repeat(43)}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Link not valid');
    // A malformed one gets the same page; what was in the link is not written back into it.
    const bad = await app.inject({ method: 'GET', url: '/api/newsletters/unsubscribe?token=%3Cscript%3E' });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('Link not valid');
    expect(bad.body).not.toContain('<script>');
  });

  it(`limits each address to ${NEWSLETTER_RATE_LIMIT.max} subscriptions per window with 429`, async () => {
    const ip = fromNewIp();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) {
      expect((await subscribe({ email: `burst${i}@example.com` }, ip)).statusCode).toBe(201);
    }
    const limited = await subscribe({ email: 'burst-last@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('lets a confirmation link expire after 7 days: the page says so and sends a new link on a click', async () => {
    const email = `late.${++ipCounter}@example.com`;
    expect((await subscribe({ email })).statusCode).toBe(201);
    const confirmPath = (mail: string) => mail.match(/https:\/\/tinytitans\.example(\/api\/newsletters\/confirm\?token=[\w-]+)/)?.[1];
    const first = await nextMail(app, (m) => m.includes(`To: ${email}`) && m.includes('Subject: Please confirm'));
    expect(first).toContain('the link works for 7 days');
    const old = confirmPath(first!)!;
    // Still waiting for its confirmation: subscribing again is the spec's conflict.
    const again = await subscribe({ email });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This email is already subscribed.' });

    await app.database.withSession((s) => s.query("UPDATE newsletter_subscriptions SET subscribed_at = now() - interval '7 days 1 minute' WHERE email = $1", [email]));
    const expired = await app.inject({ method: 'GET', url: old });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This confirmation link has expired');
    const action = expired.body.match(/action="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
    expect(action).toMatch(/^\/api\/newsletters\/confirm\/resend\?token=/);
    const rows = () => app.database.withSession((s) => s.query<{ confirmed_at: string | null }>('SELECT confirmed_at FROM newsletter_subscriptions WHERE email = $1', [email]));
    expect((await rows())[0]?.confirmed_at).toBeNull();

    const resent = await app.inject({ method: 'POST', url: action!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '', remoteAddress: fromNewIp() });
    expect(resent.statusCode).toBe(200);
    expect(resent.body).toContain('We sent a new confirmation link');
    const second = await nextMail(app, (m) => m.includes(`To: ${email}`) && m.includes('Subject: Please confirm') && confirmPath(m) !== old);
    expect((await app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: confirmPath(second!)! })).statusCode).toBe(200);
    expect((await rows())[0]?.confirmed_at).not.toBeNull();
  });

  it('takes a new subscription for an address whose confirmation link expired unused', async () => {
    const email = `lapsed.${++ipCounter}@example.com`;
    expect((await subscribe({ email })).statusCode).toBe(201);
    await app.database.withSession((s) => s.query("UPDATE newsletter_subscriptions SET subscribed_at = now() - interval '8 days' WHERE email = $1", [email]));
    expect((await subscribe({ email })).statusCode).toBe(201);
  });
});
