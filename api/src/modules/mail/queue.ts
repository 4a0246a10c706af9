import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Job, JobResult } from 'pg-boss';
import type { Db } from '../../db/database';
import type { MailMessage } from './service';
import { createMailResume, serverUnreachable } from './resume';
import { mailKeys } from './table';

export const MAIL_QUEUE = 'mail';

/** A message as stored in its job: attachments as base64, so that binary content survives JSON. */
interface StoredMessage extends Omit<MailMessage, 'attachments'> {
  attachments?: { filename: string; contentType: string; base64: string }[];
}
export interface MailJob {
  key: string;
  message: StoredMessage;
}

export interface EnqueueMailOptions {
  /** Names the message once for good: a key queued again is not sent again. */
  key: string;
  /**
   * The transaction of the change that causes the message: it is queued if and only if that commits.
   * Inside a transaction always pass it (on PGlite a call beside it would wait for it forever).
   */
  tx?: Db;
}

/** Queues `message`; resolves to its job id, or null when its key was queued before. */
export type EnqueueMail = (message: MailMessage, options: EnqueueMailOptions) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    enqueueMail: EnqueueMail;
  }
}

const toStored = ({ attachments, ...rest }: MailMessage): StoredMessage => ({
  ...rest,
  attachments: attachments?.map(({ filename, contentType, content }) => ({
    filename,
    contentType,
    base64: Buffer.from(content).toString('base64'),
  })),
});
const fromStored = ({ attachments, ...rest }: StoredMessage): MailMessage => ({
  ...rest,
  attachments: attachments?.map(({ filename, contentType, base64 }) => ({ filename, contentType, content: Buffer.from(base64, 'base64') })),
});

/**
 * How long one attempt may take before pg-boss counts it failed and retries it: longer than the SMTP
 * transport lets an attempt wait, and short, so that an attempt cut off by a crash is retried within
 * about a minute.
 */
export const SEND_TIMEOUT_SECONDS = 60;
/** Sent and given-up messages stay listed in Admin → Mail this long. */
const KEEP_DAYS = 14;

/**
 * Every e-mail through the job queue: queued with the change that causes it, sent by
 * `app.mail` from a worker, retried with growing delays (MAIL_RETRY_*: the defaults retry for more
 * than a day), at most once per key.
 */
export const mailQueuePlugin = fp(
  async (app) => {
    const { config } = app;
    const { db } = app.database;
    const resume = createMailResume(app, MAIL_QUEUE);

    const sendOne = async (job: Job<MailJob>): Promise<JobResult> => {
      const { key, message } = job.data;
      const [row] = await db.select({ sentAt: mailKeys.sentAt }).from(mailKeys).where(eq(mailKeys.key, key));
      // Accepted by the mail server on an earlier attempt whose completion was not recorded.
      if (row?.sentAt) return { id: job.id, status: 'completed', output: { already_sent: true } };
      try {
        await app.mail.send(fromStored(message));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        app.log.warn({ err: error, job: job.id, key }, 'e-mail not sent; it will be retried');
        app.metrics.mailFailed();
        // Kept with the failure: such a message is tried again as soon as the server is back.
        return { id: job.id, status: 'failed', output: { message: reason, unreachable: serverUnreachable(error) } };
      }
      resume.afterSuccess();
      // Sent: a failure to note it must not make the message fail (and be sent again).
      await db
        .update(mailKeys)
        .set({ sentAt: new Date() })
        .where(eq(mailKeys.key, key))
        .catch((error: unknown) => app.log.error({ err: error, key }, 'could not record a sent e-mail'));
      return { id: job.id, status: 'completed' };
    };

    await app.jobs.define<MailJob>(MAIL_QUEUE, {
      options: {
        retryLimit: config.MAIL_RETRY_LIMIT,
        retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        retryDelayMax: config.MAIL_RETRY_DELAY_MAX_SECONDS,
        expireInSeconds: SEND_TIMEOUT_SECONDS,
        deleteAfterSeconds: KEEP_DAYS * 86_400,
      },
      // Up to 30 messages in flight per instance, each job settled on its own.
      work: { batchSize: 10, localConcurrency: 3, perJobResults: true, burstWhenBatchFull: true },
      handler: (jobs) => Promise.all(jobs.map(sendOne)),
    });

    const enqueueMail: EnqueueMail = async (message, { key, tx }) => {
      const queue = async (executor: Db) => {
        const jobId = randomUUID();
        const fresh = await executor.insert(mailKeys).values({ key, jobId }).onConflictDoNothing().returning({ key: mailKeys.key });
        if (fresh.length === 0) return null;
        const data: MailJob = { key, message: toStored(message) };
        await app.jobs.send(MAIL_QUEUE, data, { id: jobId, tx: executor });
        return jobId;
      };
      return tx ? queue(tx) : db.transaction(queue);
    };
    app.decorate('enqueueMail', enqueueMail);
    // While messages wait for an unreachable server, it is asked about as often as idle workers look for due jobs, three times over.
    if (app.jobs.working) {
      const timer = setInterval(() => void resume.check().catch(() => undefined), config.JOBS_POLL_SECONDS * 3_000);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
    app.metrics.onScrape(async () => {
      app.metrics.mailsPending((await app.jobs.depth())[MAIL_QUEUE] ?? 0);
    });
  },
  { name: 'mail-queue', dependencies: ['jobs', 'mail', 'database', 'metrics'] },
);
