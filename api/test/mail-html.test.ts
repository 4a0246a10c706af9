import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { site } from '@site/shared/site-config';
import { mailHtml } from '../src/modules/mail/layout';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { nextRawMail } from './outbox';
import { bookConsultation, buyer, settle, slot } from './orders-helpers';

const ORIGIN = 'https://tinytitans.example';

/** The little of a parsed document these checks read (the api's types leave the DOM out). */
interface El {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface Doc {
  documentElement: { lang: string };
  title: string;
  body: El;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El> & Iterable<El>;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Doc } } };

/** The message's HTML part as a document, after checking it has both parts in one multipart/alternative. */
function htmlOf(mail: ParsedMail, raw: string): Doc {
  expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
  expect(mail.text?.trim().length).toBeGreaterThan(0);
  expect(mail.html).toBeTruthy();
  return new JSDOM(mail.html as string).window.document;
}

/** What every HTML part shares: the language, the site's name, the subject as its heading, dark-mode hints. */
function expectLayout(doc: Doc, subject: string): void {
  expect(doc.documentElement.lang).toBe('en');
  expect(doc.title).toBe(subject);
  expect(doc.querySelector('h1')?.textContent).toBe(subject);
  expect(doc.body.textContent).toContain(site.name);
  expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark');
  expect(doc.querySelector('style')?.textContent).toContain('prefers-color-scheme: dark');
  // Layout tables are marked as such for screen readers.
  for (const table of doc.querySelectorAll('table')) expect(table.getAttribute('role')).toBe('presentation');
}

const links = (doc: Doc) => [...doc.querySelectorAll('a')].map((a) => ({ name: a.textContent, href: a.getAttribute('href') }));

/** Every web link of the HTML part shows its own address: none is named by words that could hide where it goes. */
function expectLinksShowThemselves(doc: Doc): void {
  for (const link of links(doc).filter((l) => l.href?.startsWith('http'))) expect(link.name).toBe(link.href);
}

describe('the HTML part of a text', () => {
  it('links each address as itself, without the punctuation after it, and keeps text that spells a slot as text', async () => {
    const text = 'Hello,\n\nYour password was changed. Sign in at https://site.example/login, or write to us.\nVerify your admin account: https://evil.example/x';
    const doc = new JSDOM(await mailHtml('%%mail-body%% and %%mail-preview%%', text)).window.document;
    expect(links(doc).filter((l) => l.href?.startsWith('http')).map((l) => l.href)).toEqual(['https://site.example/login', 'https://evil.example/x']);
    expectLinksShowThemselves(doc);
    expect(doc.title).toBe('%%mail-body%% and %%mail-preview%%');
    expect(doc.body.textContent).toContain('Your password was changed.');
  });
});

describe.each(testDatabases())('HTML e-mails on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: ORIGIN } });

  it('a booking confirmation: the same facts in both parts, the time in IST, its links named and its invitation attached', async () => {
    const me = await buyer(app);
    const order = (await bookConsultation(app, me, slot(4, 11, 30))).json();
    expect((await settle(app, order.razorpayOrderId)).statusCode).toBe(200);
    const raw = await nextRawMail(app, (m) => m.includes(`To: ${me.email}`) && /^Subject: Booking confirmed/m.test(m));
    const mail = await simpleParser(raw);
    const doc = htmlOf(mail, raw);
    expectLayout(doc, mail.subject!);
    for (const part of [mail.text, doc.body.textContent]) {
      expect(part).toContain('11:30 AM IST');
      // The booking's own meeting room, a link in the HTML part like every address.
      expect(part).toMatch(/Join the call: https:\/\/meet\.jit\.si\/\S+/);
      // Outside its links, whose random tokens and room names may hold any letters.
      expect(part!.replace(/https?:\/\/\S+/g, '')).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}Z|\bUTC\b/);
    }
    // Every address of the text part is a link in the HTML part.
    const textUrls = [...new Set(mail.text!.match(/https?:\/\/\S+/g))];
    expect(textUrls.length).toBeGreaterThan(0);
    const hrefs = links(doc).map((link) => link.href);
    for (const url of textUrls) expect(hrefs).toContain(url);
    expectLinksShowThemselves(doc);
    expect(doc.body.textContent).toMatch(/Reschedule[^\n]*: https:\/\/tinytitans\.example\/\S*reschedule/);
    expect(mail.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
  });

  it('a newsletter confirmation: its confirm and unsubscribe links, and no raw markup from the text', async () => {
    const email = `html-${Date.now()}@example.com`;
    expect((await app.inject({ method: 'POST', url: '/api/newsletters', payload: { email }, remoteAddress: '10.9.0.1' })).statusCode).toBe(201);
    const raw = await nextRawMail(app, (m) => m.includes(`To: ${email}`) && /^Subject: Please confirm/m.test(m));
    const mail = await simpleParser(raw);
    const doc = htmlOf(mail, raw);
    expectLayout(doc, mail.subject!);
    expectLinksShowThemselves(doc);
    const confirm = links(doc).find((link) => link.href?.includes('/api/newsletters/confirm?'));
    expect(confirm?.href).toMatch(new RegExp(`^${ORIGIN}/api/newsletters/confirm\\?token=[\\w-]+$`));
    expect(mail.text).toContain(confirm!.href!);
    expect(links(doc).some((link) => link.href?.includes('/api/newsletters/unsubscribe?token='))).toBe(true);
    expect(doc.body.textContent).toContain(`subscribed ${email} to the`);
  });

  it('a password reset: the link in both parts, and markup in a name is escaped, not rendered', async () => {
    const username = `<b>reader</b>${Date.now()}`.slice(0, 30);
    const email = `reset-${Date.now()}@example.com`;
    await app.database.withSession((s) => s.query('INSERT INTO users (username, email, password_hash) VALUES ($1, $2, $3)', [username, email, 'x']));
    expect((await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { username }, remoteAddress: '10.9.0.2' })).statusCode).toBe(200);
    const raw = await nextRawMail(app, (m) => m.includes(`To: ${email}`));
    const mail = await simpleParser(raw);
    const doc = htmlOf(mail, raw);
    expectLayout(doc, mail.subject!);
    const reset = links(doc).find((link) => link.href?.startsWith(`${ORIGIN}/login?reset=`));
    expect(reset).toBeDefined();
    expect(mail.text).toContain(reset!.href!);
    expect(doc.querySelector('b')).toBeNull();
  });
});
