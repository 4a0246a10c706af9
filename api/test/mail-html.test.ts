import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { site } from '@site/shared/site-config';
import { mailHtml } from '../src/modules/mail/layout';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { nextRawMail } from './outbox';
import { bookConsultation, buyer, createOrder, eventPackage, settle, slot } from './orders-helpers';

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

/**
 * Every web link of the HTML part shows its own address, except the message's own links (`buttons`),
 * named by their short labels: no address with a token is printed as a link's text.
 */
function expectLinksShowThemselves(doc: Doc, buttons: Record<string, string> = {}): void {
  for (const link of links(doc).filter((l) => l.href?.startsWith('http'))) expect(link.name).toBe(buttons[link.href!] ?? link.href);
}

/** The message's buttons: its links styled as buttons, by address, with their labels. */
const buttonsOf = (doc: Doc) => Object.fromEntries([...doc.querySelectorAll('a.mail-button')].map((a) => [a.getAttribute('href')!, a.textContent!]));

/** No address carrying a token is printed anywhere in the HTML part's text. */
function expectNoTokenShown(doc: Doc): void {
  expect(doc.body.textContent).not.toMatch(/https?:\/\/\S*token=/);
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

  it("shows the composer's own links as buttons with their labels, and only those", async () => {
    const receipt = 'https://site.example/api/orders/1/receipt?token=abc.def.ghi';
    const text = `Thank you.\nReceipt (printable): ${receipt}\nVisitor wrote: ${receipt.replace('receipt', 'other')}`;
    const doc = new JSDOM(await mailHtml('A receipt', text, { [receipt]: 'View receipt' })).window.document;
    expect(buttonsOf(doc)).toEqual({ [receipt]: 'View receipt' });
    expect(doc.body.textContent).toContain('Receipt (printable): View receipt');
    // Any other address still shows itself.
    expect(links(doc).find((l) => l.href?.includes('/other'))?.name).toContain('/other?token=');
    // A label is only ever the composer's: an address named like a prototype key stays itself.
    const odd = new JSDOM(await mailHtml('Odd', 'See https://site.example/constructor', {})).window.document;
    expect(links(odd)[0]?.name).toBe('https://site.example/constructor');
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
    // The receipt, reschedule and cancel addresses (long with their tokens) are buttons with short
    // labels; the plain-text part keeps the addresses.
    const buttons = buttonsOf(doc);
    expect(Object.values(buttons).sort()).toEqual(['Cancel booking', 'Reschedule', 'View receipt']);
    for (const href of Object.keys(buttons)) {
      expect(href).toMatch(/^https:\/\/tinytitans\.example\/\S*token=/);
      expect(mail.text).toContain(href);
    }
    expectLinksShowThemselves(doc, buttons);
    expectNoTokenShown(doc);
    expect(doc.body.textContent).toMatch(/Reschedule \(until \d+ hours before the start\): Reschedule/);
    expect(mail.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
  });

  it('a newsletter confirmation: its confirm and unsubscribe links, and no raw markup from the text', async () => {
    const email = `html-${Date.now()}@example.com`;
    expect((await app.inject({ method: 'POST', url: '/api/newsletters', payload: { email }, remoteAddress: '10.9.0.1' })).statusCode).toBe(201);
    const raw = await nextRawMail(app, (m) => m.includes(`To: ${email}`) && /^Subject: Please confirm/m.test(m));
    const mail = await simpleParser(raw);
    const doc = htmlOf(mail, raw);
    expectLayout(doc, mail.subject!);
    const buttons = buttonsOf(doc);
    expectLinksShowThemselves(doc, buttons);
    expectNoTokenShown(doc);
    const confirm = links(doc).find((link) => link.href?.includes('/api/newsletters/confirm?'));
    expect(confirm?.href).toMatch(new RegExp(`^${ORIGIN}/api/newsletters/confirm\\?token=[\\w-]+$`));
    expect(confirm?.name).toBe('Confirm subscription');
    expect(mail.text).toContain(confirm!.href!);
    expect(links(doc).find((link) => link.href?.includes('/api/newsletters/unsubscribe?token='))?.name).toBe('Unsubscribe');
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
    expect(reset?.name).toBe('Choose a new password');
    expect(doc.body.textContent).not.toContain(reset!.href!);
    expect(mail.text).toContain(reset!.href!);
    expect(doc.querySelector('b')).toBeNull();
  });

  it("an event ticket: its receipt a button, and the event in an attached calendar entry at the event's start", async () => {
    const me = await buyer(app);
    const { pkg } = await eventPackage(
      app,
      { name: 'Meetup Pass', capacity: 10, package_registration_deadline: null },
      { title: 'Agents Meetup', location: 'Tiny Titans Studio, Bengaluru', start_time: '2027-03-04T10:30:00.000Z', end_time: '2027-03-04T12:30:00.000Z' },
    );
    const created = (await createOrder(app, me, { package_id: pkg.id, amount: pkg.price })).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    const raw = await nextRawMail(app, (m) => m.includes(`To: ${me.email}`) && /^Subject: Payment received/m.test(m));
    const mail = await simpleParser(raw);
    const doc = new JSDOM(mail.html as string).window.document;
    expect(buttonsOf(doc)).toEqual({ [links(doc).find((l) => l.href?.includes('receipt'))!.href!]: 'View receipt' });
    expectNoTokenShown(doc);
    const calendar = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(calendar?.filename).toBe('event.ics');
    const ics = calendar!.content.toString('utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('DTSTART:20270304T103000Z');
    expect(ics).toContain('DTEND:20270304T123000Z');
    expect(ics).toContain('SUMMARY:Agents Meetup');
    expect(ics).toMatch(/LOCATION:Tiny Titans Studio\\, Bengaluru/);
    expect(ics).toMatch(/URL(;[^:]*)?:https:\/\/tinytitans\.example\/event\//);
  });
});
