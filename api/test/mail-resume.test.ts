import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { FAST_JOBS_ENV, jobsTargets, until } from './jobs-helpers';
import { SmtpSink } from '@site/test-support/smtp-sink';

/** Long enough that a message left to its own retry delay could not arrive within the test. */
const RETRY_DELAY_SECONDS = 300;
/** What "at once" may take here: workers poll every half second, on a busy machine. */
const RESUMED_WITHIN_MS = 20_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(jobsTargets())('mail resumes when the mail server returns, on $name', (target) => {
  const sink = new SmtpSink();
  let app: FastifyInstance;

  beforeAll(() => sink.start());
  afterAll(() => sink.stop());
  useTestApp(target, (built) => (app = built), {
    env: {
      ...FAST_JOBS_ENV,
      MAIL_RETRY_DELAY_SECONDS: String(RETRY_DELAY_SECONDS),
      MAIL_RETRY_DELAY_MAX_SECONDS: '3600',
      // Read when the app is built, after the server above has started on its port.
      get SMTP_URL() {
        return sink.url;
      },
    },
  });

  /** Queues `count` messages while the server is down and waits until each was refused and waits for its retry. */
  async function refusedWhileDown(label: string, count: number): Promise<string[]> {
    await sink.stop();
    const subjects = Array.from({ length: count }, (_, n) => `${label} #${n}`);
    for (const [n, subject] of subjects.entries()) {
      await app.enqueueMail({ to: `client${n}@example.com`, subject, text: 'See you soon.' }, { key: `test:${label}:${n}` });
    }
    const waiting = async () =>
      rowsOf<{ n: number }>(
        await app.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND state = 'retry' AND data->'message'->>'subject' LIKE ${`${label} #%`} AND start_after > now() + interval '1 minute'`,
        ),
      )[0]!.n;
    await until(async () => (await waiting()) === count, `each "${label}" message refused and waiting minutes for its retry`);
    return subjects;
  }

  const arrived = (subjects: string[]) => subjects.every((subject) => sink.subjects().includes(subject));

  it('sends every waiting message within seconds of the server’s return, beside a new one', { timeout: 90_000 }, async () => {
    const waiting = await refusedWhileDown('Resumed by a send', 5);
    await sink.start();
    const back = Date.now();
    // The server is back: the next message goes through, and the ones waiting follow it now.
    await app.enqueueMail({ to: 'new@example.com', subject: 'Sent after the outage', text: 'Hi' }, { key: 'test:after-outage' });
    await until(() => arrived([...waiting, 'Sent after the outage']), 'every message delivered', RESUMED_WITHIN_MS);
    console.info(`mail resumed (a new message sent too): all ${waiting.length + 1} delivered ${Date.now() - back} ms after the server's return`);
    expect(sink.subjects().filter((subject) => waiting.includes(subject))).toHaveLength(waiting.length);
  });

  it('sends every waiting message within seconds of the server’s return, with nothing new to send', { timeout: 90_000 }, async () => {
    const waiting = await refusedWhileDown('Resumed by the check', 4);
    await sink.start();
    const back = Date.now();
    await until(() => arrived(waiting), 'every message delivered', RESUMED_WITHIN_MS);
    console.info(`mail resumed (nothing new sent): all ${waiting.length} delivered ${Date.now() - back} ms after the server's return`);
    expect(sink.subjects().filter((subject) => waiting.includes(subject))).toHaveLength(waiting.length);
  });

  it('leaves a message the server refused to its own delay', async () => {
    sink.refused.add('nobody@example.com');
    await app.enqueueMail({ to: 'nobody@example.com', subject: 'Refused', text: 'Hi' }, { key: 'test:refused' });
    const retryIn = async () =>
      rowsOf<{ seconds: number | null }>(
        await app.database.db.execute(
          sql`SELECT extract(epoch FROM start_after - now())::int AS seconds FROM pgboss.job WHERE name = 'mail' AND state = 'retry' AND data->>'key' = 'test:refused'`,
        ),
      )[0]?.seconds ?? null;
    await until(async () => ((await retryIn()) ?? 0) > 60, 'the refused message waiting for its retry');
    await app.enqueueMail({ to: 'someone@example.com', subject: 'Accepted', text: 'Hi' }, { key: 'test:accepted' });
    await until(() => sink.subjects().includes('Accepted'), 'the next message delivered');
    // Sent successfully meanwhile, yet the refusal was about this message: it keeps its delay.
    expect(await retryIn()).toBeGreaterThan(60);
  });
});
