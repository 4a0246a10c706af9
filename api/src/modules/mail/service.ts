import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { site } from '@site/shared/site-config';
import { mailHtml } from './layout';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The composer's own addresses in `text` shown as buttons in the HTML part, by address, with their
   * short labels ("View receipt"): never a visitor's text's, whose links show where they go.
   */
  buttons?: Readonly<Record<string, string>>;
  html?: string;
  headers?: Record<string, string>;
  replyTo?: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

export interface MailService {
  send(message: MailMessage): Promise<void>;
  /** Whether the mail server answers (connects and greets); true where there is no server to reach. */
  reachable(): Promise<boolean>;
  from: string;
}

/** Where a composed message goes: SMTP, the outbox folder, or one a test injects through buildApp. */
export interface MailTransport {
  deliver(message: MailMessage & { from: string }): Promise<void>;
  /** Connects and greets without sending; rejects when the server cannot be reached. */
  verify?(): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** Each message written as an .eml file under `dir`, exactly as it would have been sent. */
export function outboxTransport(dir: string): MailTransport {
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message) {
      const info = await render.sendMail(message);
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer);
    },
  };
}

/**
 * How long an SMTP attempt may wait: to connect, for the greeting, and on a silent socket (a server
 * that holds its answer). Under the mail job's expiry, so an attempt never outlives it and is never
 * retried beside itself. SMTP_URL's own query (`?socketTimeout=…`) still wins.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

function smtpTransport(url: string): MailTransport {
  const transport: Transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS_MS });
  return {
    async deliver(message) {
      await transport.sendMail(message);
    },
    verify: () => transport.verify(),
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise the outbox folder DATA_DIR/outbox; `transport` overrides both.
 * Each message leaves with its plain text and an HTML part in the site's layout.
 */
export function createMailService(config: Config, transport?: MailTransport): MailService {
  const from = config.MAIL_FROM ?? `${site.name} <${site.email}>`;
  const chosen = transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : outboxTransport(path.join(config.DATA_DIR, 'outbox')));
  return {
    from,
    send: async ({ buttons, ...message }) => chosen.deliver({ from, ...message, html: message.html ?? (await mailHtml(message.subject, message.text, buttons)) }),
    reachable: async () => (chosen.verify ? chosen.verify().then(() => true, () => false) : true),
  };
}

/** The mail service; `transport` replaces SMTP or the outbox (tests keep mail in memory). */
export const mailPlugin = (transport?: MailTransport) =>
  fp(
    async (app) => {
      app.decorate('mail', createMailService(app.config, transport));
    },
    { name: 'mail' },
  );
