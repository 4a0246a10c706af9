import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, useTestApp } from './app';
import { testDatabases } from './databases';
import { nextMail } from './outbox';
import { register, uniqueName } from './accounts-helpers';

// Everything a client could say about where it thinks the site is.
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/**
 * The newest message to `to`, waited for: mail is built when queued and sent by a queue worker,
 * which may be either app's (both work the one database's queue).
 */
const mailTo = (apps: FastifyInstance[], to: string) => Promise.race(apps.map((app) => nextMail(app, (mail) => mail.includes(`To: ${to}`))));

/** The distinct addresses in a message (its text and HTML parts name each). */
const links = (mail: string) => [...new Set([...mail.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]))];

describe.each(testDatabases())('links in e-mails on $name', (target) => {
  let local: FastifyInstance;
  let configured: FastifyInstance;

  // Even behind a trusted proxy, forwarded headers must not reach a link in an e-mail.
  useTestApp(target, (built) => (local = built), { env: { TRUST_PROXY: 'true', PORT: '3456' } });
  // A second instance on the same database, closed before the first (and its database).
  beforeAll(async () => {
    configured = await buildTestApp(local.database, { env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://tinytitans.example/' } });
  });
  afterAll(() => configured?.close());

  const forgotPassword = (app: FastifyInstance, username: string) =>
    app.inject({ method: 'POST', url: '/api/users/forgot-password', headers: FORGED, payload: { username } });
  const subscribe = (app: FastifyInstance, email: string) =>
    app.inject({ method: 'POST', url: '/api/newsletters', headers: FORGED, payload: { email } });

  it.each([
    ['without PUBLIC_URL', () => local, 'http://localhost:3456/'],
    ['with PUBLIC_URL', () => configured, 'https://tinytitans.example/'],
  ])('builds the reset link from the configuration, not a forged Host (%s)', async (_label, app, origin) => {
    const { username } = await register(app());
    expect((await forgotPassword(app(), username)).statusCode).toBe(200);
    const mail = await mailTo([local, configured], `${username}@example.com`);
    expect(links(mail)).toEqual([expect.stringMatching(new RegExp(`^${origin}login\\?reset=[\\w-]+$`))]);
    expect(mail).not.toContain('evil.example');
  });

  it.each([
    ['without PUBLIC_URL', () => local, 'http://localhost:3456/'],
    ['with PUBLIC_URL', () => configured, 'https://tinytitans.example/'],
  ])('builds the newsletter links from the configuration, not a forged Host (%s)', async (_label, app, origin) => {
    const email = `${uniqueName('reader')}@example.com`;
    expect((await subscribe(app(), email)).statusCode).toBe(201);
    const mail = await mailTo([local, configured], email);
    expect(links(mail).length).toBeGreaterThan(0);
    for (const link of links(mail)) expect(link.startsWith(origin)).toBe(true);
    expect(mail).not.toContain('evil.example');
  });
});
