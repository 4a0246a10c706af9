import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMailService, type MailTransport } from './service';

const config = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mail-')), ...env });
const message = { to: 'reader@example.com', subject: 'Your booking', text: 'See you on Monday.' };

describe('mail', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox without SMTP_URL', async () => {
    const settings = config();
    await createMailService(settings).send(message);
    const dir = path.join(settings.DATA_DIR, 'outbox');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: reader@example\.com$/m);
    expect(eml).toMatch(/^Subject: Your booking$/m);
    expect(eml).toContain('See you on Monday.');
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(eml).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
  });

  it('hands messages, with the sender and an HTML part filled in, to an injected transport instead', async () => {
    const delivered: Parameters<MailTransport['deliver']>[0][] = [];
    const settings = config({ MAIL_FROM: 'Bookings <bookings@example.com>' });
    await createMailService(settings, { deliver: async (sent) => void delivered.push(sent) }).send(message);
    expect(delivered).toEqual([{ from: 'Bookings <bookings@example.com>', ...message, html: expect.stringContaining('<p') }]);
    expect(delivered[0]!.html).toMatch(/<h1[^>]*>Your booking<\/h1>.*See you on Monday\./s);
    expect(() => readdirSync(path.join(settings.DATA_DIR, 'outbox'))).toThrow();
  });
});
