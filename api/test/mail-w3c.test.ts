import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { mailHtml } from '../src/modules/mail/layout';
import { welcomeMail } from '../src/modules/newsletters/welcome-mail';

const run = promisify(execFile);
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;
const modules = path.resolve(import.meta.dirname, '../src/modules');

/** The W3C Nu checker's errors for each file, by file name. */
async function w3cErrors(files: Record<string, string>): Promise<Record<string, string[]>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mail-w3c-'));
  try {
    for (const [name, html] of Object.entries(files)) await writeFile(path.join(dir, `${name}.html`), html);
    // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
    const { stderr } = await run('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...Object.keys(files).map((name) => path.join(dir, `${name}.html`))]).catch(
      (failed: { stderr: string }) => failed,
    );
    const errors: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((name) => [name, []]));
    for (const message of (JSON.parse(stderr) as { messages: { url: string; message: string }[] }).messages) {
      errors[path.basename(decodeURIComponent(message.url), '.html')]!.push(message.message);
    }
    return errors;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every composer file under the api's modules, for the one-layout rule. */
async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => path.join(entry.parentPath, entry.name));
}

describe("e-mails' HTML", () => {
  it('every message, the welcome among them, is the one layout: no composer writes its own HTML part', async () => {
    const own: string[] = [];
    for (const file of await sources(modules)) {
      const text = await readFile(file, 'utf8');
      if (/\bMailMessage\b/.test(text) && /^\s+html[:,]/m.test(text) && !file.endsWith(`${path.sep}mail${path.sep}service.ts`)) own.push(path.relative(modules, file));
    }
    expect(own).toEqual([]);
    expect(welcomeMail('a@example.com', 'https://site.example', 'https://site.example/u').html).toBeUndefined();
  });

  it('passes the W3C checker: the layout with every kind of body the composers write', { timeout: 120_000 }, async () => {
    const welcome = welcomeMail('a@example.com', 'https://site.example', 'https://site.example/api/newsletters/unsubscribe?token=s_1_abc');
    const errors = await w3cErrors({
      welcome: await mailHtml(welcome.subject, welcome.text),
      booking: await mailHtml(
        'Your consultation is booked: Dec 4, 2026 at 2:30 PM IST',
        'Thank you, Priya.\n\nWhen: Dec 4, 2026 at 2:30 PM IST\nJoin: https://meet.example.com/x?y=1&z=2\n\nReschedule: https://site.example/api/orders/1/reschedule?token=a.b.c, or cancel.\nCancel: https://site.example/api/orders/1/cancel?token=d.e&f=1',
        { 'https://site.example/api/orders/1/reschedule?token=a.b.c': 'Reschedule', 'https://site.example/api/orders/1/cancel?token=d.e&f=1': 'Cancel booking' },
      ),
      contact: await mailHtml('New message from <Sam> & co', 'Name: <script>alert(1)</script>\nMessage: "quotes" & ampersands\n\n%%mail-body%%'),
      empty: await mailHtml('A subject alone', ''),
    });
    expect(errors).toEqual({ welcome: [], booking: [], contact: [], empty: [] });
  });
});
