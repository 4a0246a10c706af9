import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { EnqueueMail } from '../jobs/mail-queue';
import { HttpError } from '../../plugins/errors';
import { NEWSLETTER_CONFLICT_MESSAGE } from '@site/shared/contracts/marketing';
import { welcomeMail } from './welcome-mail';
import type { Page, PageQuery, SubscriberItem } from '@site/shared/contracts/admin';
import { newestFirst, type CreatedCursor } from '../../lib/csv';
import { subscriptionRepository, type SubscriptionRow } from './repository';
import { servicePlugin } from '../../lib/service-plugin';
import { offsetOf, pageOf } from '../../lib/paging';

/** Only the hash is stored: a database leak must not let anyone unsubscribe other people. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewslettersService {
  /** Subscribes (or re-subscribes) the address and mails the welcome with a one-click unsubscribe link. */
  subscribe(email: string, origin: string): Promise<void>;
  /** The subscription a token belongs to, if any. */
  findByToken(token: string): Promise<{ email: string; status: 'subscribed' | 'unsubscribed' } | undefined>;
  /** Idempotent: unsubscribing twice answers the same. False when the token is unknown. */
  unsubscribe(token: string): Promise<boolean>;
  /** The subscription of an address (for its owner's data export), if any. */
  ofEmail(email: string): Promise<SubscriberItem | undefined>;
  /** Removes an address's subscription in the caller's transaction (its owner deleted their account). */
  forget(email: string, tx: Db): Promise<void>;
  /** The admin list of subscribers (unsubscribed ones included unless filtered out): one page, newest first. */
  page(query: PageQuery & { status?: SubscriberItem['status'] | undefined }): Promise<Page<SubscriberItem>>;
  /** Every subscriber (of a status, if given), newest first, read a batch at a time (for the CSV export). */
  all(status?: SubscriberItem['status']): AsyncGenerator<SubscriberItem>;
}

const toSubscriberItem = (row: SubscriptionRow): SubscriberItem => ({
  id: row.id,
  email: row.email,
  status: row.status,
  subscribed_at: row.subscribedAt.toISOString(),
  unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
});

export function createNewslettersService(db: Db, enqueueMail: EnqueueMail): NewslettersService {
  return {
    async subscribe(email, origin) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const unsubscribeUrl = `${origin}/api/newsletters/unsubscribe?token=${token}`;
      // The subscription and its welcome mail are written together; the mail is sent, and retried, by the queue.
      await db.transaction(async (tx) => {
        if (!(await subscriptionRepository.subscribe(tx, email, tokenHash))) {
          throw new HttpError(409, 'conflict', NEWSLETTER_CONFLICT_MESSAGE);
        }
        await enqueueMail(welcomeMail(email, origin, unsubscribeUrl), { key: `newsletter:${tokenHash}:welcome`, tx });
      });
    },

    findByToken: (token) => subscriptionRepository.findByTokenHash(db, hashToken(token)),

    unsubscribe: (token) => subscriptionRepository.unsubscribe(db, hashToken(token)),

    async ofEmail(email) {
      const row = await subscriptionRepository.findByEmail(db, email);
      return row ? toSubscriberItem(row) : undefined;
    },

    forget: (email, tx) => subscriptionRepository.deleteByEmail(tx, email),

    async page(query) {
      return pageOf(await subscriptionRepository.page(db, query.status, query.page_size, offsetOf(query)), query, toSubscriberItem);
    },

    async *all(status) {
      yield* newestFirst((after: CreatedCursor | undefined, limit: number) => subscriptionRepository.after(db, status, after, limit), toSubscriberItem);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletters: NewslettersService;
  }
}

export const newslettersPlugin = servicePlugin('newsletters', (app) => createNewslettersService(app.database.db, app.enqueueMail), {
  dependencies: ['database', 'mail-queue'],
});
