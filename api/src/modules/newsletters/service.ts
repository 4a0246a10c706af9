import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { MailService } from '../mail/service';
import { HttpError } from '../../plugins/errors';
import { NEWSLETTER_CONFLICT_MESSAGE } from '@site/shared/contracts/marketing';
import { newsletterSubscriptions as subs } from './table';
import { welcomeMail } from './welcome-mail';
import type { Page, PageQuery, SubscriberItem } from '@site/shared/contracts/admin';
import { inBatches } from '../../lib/csv';
import { subscriptionRepository, type SubscriptionCursor, type SubscriptionRow } from './repository';

/** Only the hash is stored: a database leak must not let anyone unsubscribe other people. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewslettersService {
  /** Subscribes (or re-subscribes) the address and mails the welcome with a one-click unsubscribe link. */
  subscribe(email: string, origin: string): Promise<void>;
  /** The subscription a token belongs to, if any. */
  findByToken(token: string): Promise<{ email: string; status: 'subscribed' | 'unsubscribed' } | undefined>;
  /** Idempotent: unsubscribing twice answers the same. False when the token is unknown. */
  unsubscribe(token: string): Promise<boolean>;
}

export function createNewslettersService(db: Db, mail: MailService, log: { error: (obj: object, msg: string) => void }): NewslettersService {
  return {
    async subscribe(email, origin) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      // One statement, so two simultaneous requests cannot both subscribe: an existing active row
      // is left alone (no row returned → conflict); an unsubscribed one is reactivated with a new token.
      const rows = await db
        .insert(subs)
        .values({ email, unsubscribeTokenHash: tokenHash })
        .onConflictDoUpdate({
          target: subs.email,
          set: { status: 'subscribed', unsubscribeTokenHash: tokenHash, subscribedAt: sql`now()`, unsubscribedAt: null },
          setWhere: sql`${subs.status} = 'unsubscribed'`,
        })
        .returning({ id: subs.id });
      if (rows.length === 0) throw new HttpError(409, 'conflict', NEWSLETTER_CONFLICT_MESSAGE);
      const unsubscribeUrl = `${origin}/api/newsletters/unsubscribe?token=${token}`;
      try {
        await mail.send(welcomeMail(email, origin, unsubscribeUrl));
      } catch (error) {
        log.error({ err: { message: (error as Error).message } }, 'newsletter welcome mail failed');
      }
    },

    async findByToken(token) {
      const [row] = await db
        .select({ email: subs.email, status: subs.status })
        .from(subs)
        .where(eq(subs.unsubscribeTokenHash, hashToken(token)));
      return row;
    },

    async unsubscribe(token) {
      const tokenHash = hashToken(token);
      const rows = await db
        .update(subs)
        .set({ status: 'unsubscribed', unsubscribedAt: sql`coalesce(${subs.unsubscribedAt}, now())` })
        .where(eq(subs.unsubscribeTokenHash, tokenHash))
        .returning({ id: subs.id });
      return rows.length > 0;
    },
  };
}

const toSubscriberItem = (row: SubscriptionRow): SubscriberItem => ({
  id: row.id,
  email: row.email,
  status: row.status,
  subscribed_at: row.subscribedAt.toISOString(),
  unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
});

/** The admin list of subscribers (unsubscribed ones included unless filtered out): one page, newest first. */
export async function pageSubscribers(db: Db, query: PageQuery & { status?: SubscriberItem['status'] | undefined }): Promise<Page<SubscriberItem>> {
  const { rows, total } = await subscriptionRepository.page(db, query.status, query.page_size, (query.page - 1) * query.page_size);
  return { items: rows.map(toSubscriberItem), total, page: query.page, page_size: query.page_size };
}

/** Every subscriber (of a status, if given), newest first, read a batch at a time (for the CSV export). */
export async function* allSubscribers(db: Db, status?: SubscriberItem['status']): AsyncGenerator<SubscriberItem> {
  const rows = inBatches<SubscriptionRow & { cursor: string }, SubscriptionCursor>(
    (after, limit) => subscriptionRepository.after(db, status, after, limit),
    (row) => ({ at: row.cursor, id: row.id }),
  );
  for await (const row of rows) yield toSubscriberItem(row);
}
