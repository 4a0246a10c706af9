import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { until } from '@site/test-support/until';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { fakeWebRoot } from './ssr-helpers';

const ORIGIN = 'http://localhost';
const FORM = 'application/x-www-form-urlencoded';

/** The outcome a 303 hands to the page, as the browser would send it back. */
function outcomeCookie(res: LightMyRequestResponse): string {
  const set = String(res.headers['set-cookie']);
  expect(set).toMatch(/^form_outcome=[\w-]+\.[\w-]{43}; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax/);
  return set.split(';', 1)[0]!;
}
const payloadOf = (cookie: string) => cookie.split('=')[1]!.split('.')[0]!;
const decoded = (cookie: string) => JSON.parse(Buffer.from(payloadOf(cookie), 'base64url').toString('utf8')) as Record<string, unknown>;
const encoded = (outcome: object) => Buffer.from(JSON.stringify(outcome)).toString('base64url');

describe.each(testDatabases())('forms posted without JavaScript on $name', (target) => {
  let app: FastifyInstance;
  let ip = 0;
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': FORM, ...headers }, payload: new URLSearchParams(fields).toString(), remoteAddress: `10.9.0.${++ip}` });

  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: ORIGIN }, webRoot: fakeWebRoot });
  // A first load of the server containers may fail (Node's require(esm) race, decision 017) and is
  // retried: these tests are about forms, so they start once pages render.
  beforeAll(() => until(async () => (await app.inject({ url: '/privacy' })).headers['cache-control'] === 'public, no-cache', 'the server renders /privacy'));

  it('subscribes, answers 303 back to the page at the form, and then tells the same address is already subscribed', async () => {
    const first = await post('/api/newsletters', { email: 'No.Script@Example.com', return_to: '/privacy' });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/privacy#newsletter');
    expect(first.body).toBe('');
    const cookie = outcomeCookie(first);
    // The typed address travels in the cookie, never in the URL.
    expect(first.headers.location).not.toContain('example');
    expect(decoded(cookie)).toMatchObject({ form: 'newsletter', ok: true, message: 'Successfully subscribed! Check your inbox to confirm.' });

    const again = await post('/api/newsletters', { email: 'no.script@example.com', return_to: '/privacy' });
    expect(decoded(outcomeCookie(again))).toMatchObject({ ok: false, message: 'This email is already subscribed.', values: { email: 'no.script@example.com' } });
  });

  it('keeps what was typed and a message per field when the fields do not validate, and sends nothing', async () => {
    const res = await post('/api/contacts', { name: '', email: 'not-an-address', service: 'AI-Powered Chatbots', message: 'Hello', return_to: '/contact' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact#contact-form');
    const outcome = decoded(outcomeCookie(res));
    expect(outcome).toMatchObject({ form: 'contact', ok: false, values: { name: '', email: 'not-an-address', message: 'Hello' } });
    expect(outcome.errors).toEqual({ name: 'Please enter your name.', email: 'Please enter a valid email address.' });
    const stored = await app.database.withSession((s) => s.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages'));
    expect(stored[0]!.n).toBe(0);
  });

  it('sends a valid contact message (the service as its subject)', async () => {
    const res = await post('/api/contacts', { name: 'Asha', email: 'asha@example.com', service: 'Agentic AI Workflows', message: 'A plan for agents.', return_to: '/' });
    expect(res.headers.location).toBe('/#contact-form');
    expect(decoded(outcomeCookie(res))).toMatchObject({ ok: true, message: 'Message sent successfully!', values: {} });
    const stored = await app.database.withSession((s) => s.query<{ subject: string }>("SELECT subject FROM contact_messages WHERE email = 'asha@example.com'"));
    expect(stored[0]?.subject).toBe('Agentic AI Workflows');
  });

  it('refuses cross-site posts and posts that say nothing of where they come from', async () => {
    const refused: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: ORIGIN }, {}];
    for (const headers of refused) {
      const res = await post('/api/newsletters', { email: 'victim@example.com', return_to: '/' }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ error: 'cross_site' });
    }
  });

  it('goes back only to a page of this site', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'privacy']) {
      const res = await post('/api/contacts', { name: '', email: '', service: '', message: '', return_to: returnTo });
      expect(res.headers.location, returnTo).toBe('/#contact-form');
    }
  });

  it('answers JSON posts as before (the page with JavaScript)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/newsletters', payload: { email: 'with.js@example.com' }, remoteAddress: '10.9.1.1' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('renders the page with the outcome for that visitor alone, uncached, and forgets it after', async () => {
    const res = await post('/api/contacts', { name: 'Kept Name', email: 'bad', service: '', message: 'Kept message', return_to: '/privacy' });
    const cookie = outcomeCookie(res);
    // The page is kept for everyone else first.
    expect((await app.inject({ url: '/privacy' })).headers['cache-control']).toBe('public, no-cache');
    const page = await app.inject({ url: '/privacy', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.etag).toBeUndefined();
    expect(String(page.headers['set-cookie'])).toMatch(/^form_outcome=; Max-Age=0/);
    expect(page.body).toContain('"form-outcome":{"form":"contact","ok":false');
    expect(page.body).toContain('Kept message');
    // Everyone else still gets the kept page, without the outcome.
    const other = await app.inject({ url: '/privacy' });
    expect(other.body).not.toContain('Kept message');
    expect(other.headers['cache-control']).toBe('public, no-cache');
  });

  it('ignores an outcome cookie the site did not sign: the kept page, nothing of the forged outcome', async () => {
    expect((await app.inject({ url: '/privacy' })).headers['cache-control']).toBe('public, no-cache');
    const forged = { form: 'contact', ok: false, message: 'Forged words', values: { message: 'Forged words' }, errors: {} };
    const real = outcomeCookie(await post('/api/contacts', { name: '', email: 'bad', service: '', message: 'x', return_to: '/privacy' }));
    const signature = real.split('.').at(-1)!;
    for (const value of [encoded(forged), `${encoded(forged)}.${'A'.repeat(43)}`, `${encoded(forged)}.${signature}`]) {
      const page = await app.inject({ url: '/privacy', headers: { cookie: `form_outcome=${value}` } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('public, no-cache');
      expect(page.body).not.toContain('Forged words');
      expect(page.headers['set-cookie']).toBeUndefined();
    }
  });
});
