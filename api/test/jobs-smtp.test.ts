import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { FAST_JOBS_ENV, jobsTargets, until } from './jobs-helpers';
import { SmtpSink } from '@site/test-support/smtp-sink';

const MESSAGES = 12;

describe.each(jobsTargets())('e-mail while the mail server is down, on $name', (target) => {
  const sink = new SmtpSink();
  let app: FastifyInstance;

  beforeAll(() => sink.start());
  afterAll(() => sink.stop());
  useTestApp(target, (built) => (app = built), () => ({ env: { ...FAST_JOBS_ENV, SMTP_URL: sink.url } }));

  it('delivers every message queued meanwhile exactly once when it is back', async () => {
    await sink.stop();
    const subjects = Array.from({ length: MESSAGES }, (_, n) => `Booking confirmed #${n}`);
    for (const [n, subject] of subjects.entries()) {
      await app.database.db.transaction((tx) => app.enqueueMail({ to: `client${n}@example.com`, subject, text: 'See you soon.' }, { key: `test:booking:${n}`, tx }));
    }
    const failedAttempts = async () =>
      Number(
        ((await app.database.db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'mail' AND retry_count >= 1 AND output->>'message' LIKE '%ECONNREFUSED%'`)) as unknown as {
          rows: { n: string | number }[];
        }).rows[0]!.n,
      );
    // Every message was tried, refused, and is waiting for its next attempt.
    await until(async () => (await failedAttempts()) === MESSAGES, 'each message refused once');
    expect(sink.received).toEqual([]);

    await sink.start();
    await until(() => sink.received.length >= MESSAGES, 'all messages delivered', 30_000);
    const sent = async () =>
      Number(
        ((await app.database.db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'mail' AND state = 'completed'`)) as unknown as {
          rows: { n: string | number }[];
        }).rows[0]!.n,
      );
    await until(async () => (await sent()) === MESSAGES, 'all jobs completed');
    expect(sink.subjects().sort()).toEqual([...subjects].sort());
  });

  it('does not send again a message the server accepted before the attempt was recorded done', async () => {
    const before = sink.received.length;
    const key = 'test:accepted-then-crashed';
    const id = await app.enqueueMail({ to: 'client@example.com', subject: 'Accepted once', text: 'Hi' }, { key });
    await until(async () => (await app.jobs.boss.findJobs('mail', { id: id! }))[0]?.state === 'completed', 'the first send');
    expect(sink.received.length).toBe(before + 1);
    // As after a crash between the server's acceptance and pg-boss's completion: the job runs again.
    const [job] = await app.jobs.boss.findJobs<object>('mail', { id: id! });
    const again = await app.jobs.send('mail', job!.data);
    await until(async () => (await app.jobs.boss.findJobs('mail', { id: again! }))[0]?.state === 'completed', 'the repeated job');
    expect(sink.received.length).toBe(before + 1);
  });
});
