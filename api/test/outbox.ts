import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailTransport } from '../src/modules/mail/service';

interface Waiter {
  match: (decoded: string) => boolean;
  resolve: (decoded: string) => void;
}

/** A mail transport that keeps each message as raw .eml text, as the outbox folder would hold it. */
export class TestMailbox implements MailTransport {
  readonly messages: string[] = [];
  private readonly render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private waiters: Waiter[] = [];

  async deliver(message: Parameters<MailTransport['deliver']>[0]): Promise<void> {
    const raw = ((await this.render.sendMail(message)).message as Buffer).toString('utf8');
    this.messages.push(raw);
    const decoded = decodeQp(raw);
    const [met, waiting] = partition(this.waiters, (waiter) => waiter.match(decoded));
    this.waiters = waiting;
    for (const waiter of met) waiter.resolve(decoded);
  }

  /** The first message, sent already or later, whose decoded text `match` accepts (newest of those sent). */
  next(match: (decoded: string) => boolean): Promise<string> {
    const sent = this.messages.map(decodeQp).filter(match).at(-1);
    if (sent !== undefined) return Promise.resolve(sent);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

const mailboxes = new WeakMap<FastifyInstance, TestMailbox>();

export function attachMailbox(app: FastifyInstance, mailbox: TestMailbox): void {
  mailboxes.set(app, mailbox);
}

function mailboxOf(app: FastifyInstance): TestMailbox {
  const mailbox = mailboxes.get(app);
  if (!mailbox) throw new Error('this app has no test mailbox: build it with buildTestApp');
  return mailbox;
}

/** The raw .eml messages the app sent, oldest first. */
export async function outbox(app: FastifyInstance): Promise<string[]> {
  return [...mailboxOf(app).messages];
}

/**
 * The newest decoded message whose text `match` accepts; when none is sent yet (mail that goes out
 * after the answer), the first one sent that it accepts.
 */
export function nextMail(app: FastifyInstance, match: (decoded: string) => boolean): Promise<string> {
  return mailboxOf(app).next(match);
}

/**
 * Unfolds the headers and undoes quoted-printable soft line breaks and escapes in the body, enough to
 * search a message. Headers are never quoted-printable: decoding them would turn a token's "=0D" into a CR.
 */
export function decodeQp(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const split = unfolded.search(/\r?\n\r?\n/);
  const head = split < 0 ? unfolded : unfolded.slice(0, split);
  const body = split < 0 ? '' : unfolded.slice(split);
  return (
    head +
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  );
}

/** As `nextMail`, but the message as sent (raw .eml, attachments still encoded). */
export async function nextRawMail(app: FastifyInstance, match: (decoded: string) => boolean): Promise<string> {
  const mailbox = mailboxOf(app);
  await mailbox.next(match);
  return mailbox.messages.filter((raw) => match(decodeQp(raw))).at(-1)!;
}
