import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import type { NewsletterSendProgress } from '@site/shared/contracts/marketing';
import { site } from '@site/shared/site-config';
import type { Db } from '../../db/database';
import { emailOrigin } from '../../lib/origin';
import { HttpError } from '../../plugins/errors';
import type { BlogRecord } from '../blogs/media-type';
import { mailTally } from '../mail/admin-list';
import type { MailMessage } from '../mail/service';
import { subscriptionRepository } from './repository';
import { newsletterSends } from './table';

/** One batch of a post's send: the confirmed subscribers after `after`, by id. */
export const SEND_BATCH_QUEUE = 'newsletter.send-batch';
interface SendBatchJob {
  blogId: string;
  after: string | null;
}

/**
 * How long a batch may run before it counts as lost (one transaction of at most 1,000 inserts takes
 * a second or two): a batch held by a killed instance is retried within about a minute, not after
 * pg-boss's default 15.
 */
export const BATCH_TIMEOUT_SECONDS = 30;

/** Each subscriber's message of a post: its idempotency key, so a resumed send skips who has it. */
const messageKey = (blogId: string, subscriptionId: string) => `newsletter:post:${blogId}:${subscriptionId}`;

export interface NewsletterSending {
  /** The post to one address (the admin's check before the whole list), marked as a test. */
  testSend(blogId: string, to: string): Promise<void>;
  /** The post's title when it can be sent (published and public), else 409. Call before `start`'s transaction. */
  sendable(blogId: string): Promise<string>;
  /** In `tx`: starts sending the post to every confirmed subscriber, in batches; once per post (409 after). */
  start(tx: Db, blogId: string): Promise<{ total: number }>;
  progress(blogId: string): Promise<NewsletterSendProgress>;
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletterSending: NewsletterSending;
  }
}

const notSendable = () => new HttpError(409, 'not_sendable', 'Only a published post can be sent to the newsletter.');

/**
 * Newsletter posts (issue 29): a batch job queues one message per confirmed subscriber, each with
 * its own unsubscribe link and RFC 8058 headers, in one transaction with the next batch's job, due
 * when the configured rate allows. A crash redoes at most one batch, and the message keys make that
 * batch's messages queued once.
 */
export const newsletterSendingPlugin = fp(
  async (app) => {
    const { config } = app;
    const { db } = app.database;

    async function sendablePost(blogId: string): Promise<BlogRecord> {
      const post = await app.blogs.findById(blogId);
      if (!post || post.status !== 'published' || post.deleted_at || !post.published_at || Date.parse(post.published_at) > Date.now()) throw notSendable();
      return post;
    }

    function postMail(post: BlogRecord, to: string, unsubscribeUrl: string, test = false): MailMessage {
      const origin = emailOrigin(config);
      return {
        to,
        subject: `${test ? '[Test] ' : ''}${post.title}`,
        text: [
          post.summary ?? '',
          '',
          `Read it on our website: ${origin}/blog/${post.slug}`,
          '',
          `— ${site.name}`,
          '',
          `You receive this because you subscribed to the ${site.name} newsletter. Unsubscribe with one click: ${unsubscribeUrl}`,
        ].join('\n'),
        buttons: { [unsubscribeUrl]: 'Unsubscribe' },
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    }

    async function runBatch({ blogId, after }: SendBatchJob): Promise<void> {
      const post = await app.blogs.findById(blogId);
      if (!post) return;
      const origin = emailOrigin(config);
      const batch = await subscriptionRepository.confirmedAfter(db, after, config.NEWSLETTER_BATCH_SIZE);
      await db.transaction(async (tx) => {
        for (const subscriber of batch) {
          await app.enqueueMail(postMail(post, subscriber.email, app.newsletters.unsubscribeUrl(subscriber.id, subscriber.unsubscribeTokenHash, origin)), {
            key: messageKey(blogId, subscriber.id),
            tx,
          });
        }
        if (batch.length === config.NEWSLETTER_BATCH_SIZE) {
          const last = batch.at(-1)!.id;
          const due = new Date(Date.now() + (batch.length / config.NEWSLETTER_SEND_RATE) * 1000);
          await app.jobs.sendAt<SendBatchJob>(SEND_BATCH_QUEUE, { blogId, after: last }, due, { tx, singletonKey: `${blogId}:${last}` });
        } else {
          await tx.update(newsletterSends).set({ queuedAt: sql`now()` }).where(eq(newsletterSends.blogId, blogId));
        }
      });
    }

    await app.jobs.define<SendBatchJob>(SEND_BATCH_QUEUE, {
      options: {
        policy: 'short',
        retryLimit: 20,
        retryDelay: 10,
        retryBackoff: true,
        retryDelayMax: 600,
        expireInSeconds: BATCH_TIMEOUT_SECONDS,
        deleteAfterSeconds: 14 * 86_400,
      },
      handler: async (jobs) => {
        for (const job of jobs) await runBatch(job.data);
      },
    });

    const progress = async (blogId: string): Promise<NewsletterSendProgress> => {
      const [send] = await db.select().from(newsletterSends).where(eq(newsletterSends.blogId, blogId));
      if (!send && !(await app.blogs.findById(blogId))) throw new HttpError(404, 'not_found', 'Blog not found.');
      if (!send) return { status: 'none', total: 0, queued: 0, sent: 0, failed: 0, started_at: null };
      const { queued, sent, failed } = await mailTally(db, app.jobs.schema, messageKey(blogId, ''));
      // Over once every batch is queued and each message sent or given up after its retries.
      const settled = send.queuedAt !== null && sent + failed >= queued;
      return {
        status: !settled ? 'sending' : failed > 0 ? 'sent_with_failures' : 'sent',
        total: send.total,
        queued,
        sent,
        failed,
        started_at: send.startedAt.toISOString(),
      };
    };

    const sending: NewsletterSending = {
      async testSend(blogId, to) {
        const post = await sendablePost(blogId);
        const sample = `${emailOrigin(config)}/api/newsletters/unsubscribe?token=test-send-has-no-subscription`;
        await app.enqueueMail(postMail(post, to, sample, true), { key: `newsletter:test:${blogId}:${randomUUID()}` });
      },
      sendable: async (blogId) => (await sendablePost(blogId)).title,
      async start(tx, blogId) {
        const total = await subscriptionRepository.countConfirmed(tx);
        const [row] = await tx.insert(newsletterSends).values({ blogId, total }).onConflictDoNothing().returning();
        if (!row) throw new HttpError(409, 'already_sent', 'This post has been sent to the newsletter already.');
        await app.jobs.send<SendBatchJob>(SEND_BATCH_QUEUE, { blogId, after: null }, { tx, singletonKey: `${blogId}:start` });
        return { total };
      },
      progress,
    };
    app.decorate('newsletterSending', sending);
  },
  { name: 'newsletter-sending', dependencies: ['database', 'jobs', 'mail-queue', 'newsletters'] },
);

