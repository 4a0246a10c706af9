/**
 * How many e-mails per second the mail queue delivers to a local SMTP server, on PostgreSQL.
 * A measure, not a test, the last step of `pnpm bench` (alone: `pnpm --filter @site/bench mail`);
 * DATABASE_URL or BENCH_POSTGRES_URL names a server where a scratch database may be made; MESSAGES,
 * 2000 by default. The target (issue 29) is 100 messages/s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '@site/test-support/postgres';
import { SmtpSink } from '@site/test-support/smtp-sink';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const MESSAGES = Number(process.env.MESSAGES ?? 2_000);
const adminUrl = process.env.DATABASE_URL ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_PER_SECOND = 100;

const sink = new SmtpSink();
await sink.start();
const database = await createDatabase('mail_throughput', adminUrl);
const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-throughput-'));
const instance = (worker: boolean) =>
  buildApp({
    config: loadConfig({
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_WORKER: worker ? '1' : '0',
    }),
    logger: false,
    serveWeb: false,
  });
// One instance queues (and works nothing), then another only delivers: the two rates apart.
const queuer = await instance(false);
await queuer.ready();
let sender: Awaited<ReturnType<typeof instance>> | undefined;
try {
  const started = performance.now();
  // Queued as the site queues them: one transaction each, twenty at a time.
  for (let n = 0; n < MESSAGES; n += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, MESSAGES - n) }, (_, i) =>
        queuer.enqueueMail({ to: `reader${n + i}@example.com`, subject: `Message ${n + i}`, text: 'Hello' }, { key: `bench:${n + i}` }),
      ),
    );
  }
  const queueSeconds = (performance.now() - started) / 1000;
  const sending = performance.now();
  const cpuBefore = process.cpuUsage();
  sender = await instance(true);
  await sender.ready();
  await sink.receivedCount(MESSAGES);
  const sendSeconds = (performance.now() - sending) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(`${MESSAGES} messages queued in ${queueSeconds.toFixed(1)} s (${(MESSAGES / queueSeconds).toFixed(0)}/s)`);
  const rate = MESSAGES / sendSeconds;
  console.log(`delivered by one instance in ${sendSeconds.toFixed(1)} s, its start included: ${rate.toFixed(0)} messages/s (target ${TARGET_PER_SECOND}: ${rate >= TARGET_PER_SECOND ? 'met' : 'missed'})`);
  // On a busy machine the wall-clock rate says more about the neighbours; per CPU second it does not.
  console.log(`this process (api and SMTP sink) used ${cpuSeconds.toFixed(1)} CPU s for it: ${(MESSAGES / cpuSeconds).toFixed(0)} messages per CPU second`);
} finally {
  await sender?.close();
  await queuer.close();
  await sink.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
