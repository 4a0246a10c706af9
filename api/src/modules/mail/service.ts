import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { site } from '@site/shared/site-config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  replyTo?: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

export interface MailService {
  send(message: MailMessage): Promise<void>;
  /** Where the embedded default writes messages (undefined when SMTP is configured). */
  outboxDir: string | undefined;
  from: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/outbox, exactly as it would have been sent.
 */
export function createMailService(config: Config): MailService {
  const from = config.MAIL_FROM ?? `${site.name} <${site.email}>`;
  if (config.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      from,
      outboxDir: undefined,
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const outboxDir = path.join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    from,
    outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}

export const mailPlugin = fp(
  async (app) => {
    const { config } = app;
    app.decorate('mail', createMailService(config));
  },
  { name: 'mail' },
);
