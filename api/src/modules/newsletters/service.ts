import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { storedSecret } from '../../db/settings';
import { confirmMail } from './confirm-mail';
import type { Db } from '../../db/database';
import type { EnqueueMail } from '../mail/queue';
import { HttpError } from '../../plugins/errors';
import { NEWSLETTER_CONFLICT_MESSAGE } from '@site/shared/contracts/marketing';
import { welcomeMail } from './welcome-mail';
import type { Page, PageQuery, SubscriberCounts, SubscriberItem } from '@site/shared/contracts/admin';
import { newestFirst, type CreatedCursor } from '../../lib/csv';
import { subscriptionRepository, type SubscriptionRow } from './repository';
import { servicePlugin } from '../../lib/service-plugin';
import { offsetOf, pageOf } from '../../lib/paging';

/** Only the hash is stored: a database leak must not let anyone unsubscribe other people. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type ConfirmOutcome = 'confirmed' | 'expired' | 'invalid';

export interface NewslettersService {
  /** Subscribes (or re-subscribes) the address, waiting for its confirmation, and mails the confirmation link. */
  subscribe(email: string, origin: string): Promise<void>;
  /** Confirms a subscription by its link's token and mails the welcome; `expired` after CONFIRM_LINK_DAYS, `invalid` when unknown. */
  confirm(token: string, origin: string): Promise<ConfirmOutcome>;
  /** Mails a new confirmation link for the subscription an (expired) link's token names; false when none waits. */
  resendConfirmation(token: string, origin: string): Promise<boolean>;
  /** A one-click unsubscribe link for subscription `id` that needs nothing stored (newsletter posts, the welcome). */
  unsubscribeUrl(id: string, tokenHash: string, origin: string): string;
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
  /** How many addresses are pending, confirmed and unsubscribed. */
  counts(): Promise<SubscriberCounts>;
}

const toSubscriberItem = (row: SubscriptionRow): SubscriberItem => ({
  id: row.id,
  email: row.email,
  status: row.status === 'unsubscribed' ? 'unsubscribed' : row.confirmedAt ? 'confirmed' : 'pending',
  subscribed_at: row.subscribedAt.toISOString(),
  confirmed_at: row.confirmedAt?.toISOString() ?? null,
  unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
});

/**
 * Signed unsubscribe tokens, `s_<subscription id>_<HMAC>`: nothing more is stored. The HMAC covers
 * the subscription's current token hash, so a re-subscription ends the links sent before it.
 */
function signedTokens(secret: string) {
  const sign = (id: string, tokenHash: string) => createHmac('sha256', secret).update(`newsletter-unsubscribe:${id}:${tokenHash}`).digest('base64url');
  return {
    make: (id: string, tokenHash: string) => `s_${id}_${sign(id, tokenHash)}`,
    /** The subscription id a signed token names (to be checked with `valid`), else undefined. */
    idOf: (token: string) => /^s_([0-9a-f-]{36})_[\w-]{43}$/.exec(token)?.[1],
    valid(token: string, id: string, tokenHash: string): boolean {
      const expected = Buffer.from(`s_${id}_${sign(id, tokenHash)}`);
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export function createNewslettersService(db: Db, enqueueMail: EnqueueMail, linkSecret: string): NewslettersService {
  const signed = signedTokens(linkSecret);
  const unsubscribeUrl = (id: string, tokenHash: string, origin: string) => `${origin}/api/newsletters/unsubscribe?token=${signed.make(id, tokenHash)}`;
  /** The subscription of a signed token, when its signature holds. */
  const signedFor = async (token: string) => {
    const id = signed.idOf(token);
    const row = id ? await subscriptionRepository.findById(db, id) : undefined;
    return row && signed.valid(token, row.id, row.unsubscribeTokenHash) ? row : undefined;
  };
  return {
    unsubscribeUrl,

    async subscribe(email, origin) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const confirmToken = randomBytes(32).toString('base64url');
      const confirmHash = hashToken(confirmToken);
      const confirmUrl = `${origin}/api/newsletters/confirm?token=${confirmToken}`;
      // The subscription and its confirmation mail are written together; the queue sends, and retries, it.
      await db.transaction(async (tx) => {
        if (!(await subscriptionRepository.subscribe(tx, email, tokenHash, confirmHash))) {
          throw new HttpError(409, 'conflict', NEWSLETTER_CONFLICT_MESSAGE);
        }
        await enqueueMail(confirmMail(email, confirmUrl, `${origin}/api/newsletters/unsubscribe?token=${token}`), { key: `newsletter:${confirmHash}:confirm`, tx });
      });
    },

    async confirm(token, origin) {
      const confirmHash = hashToken(token);
      return db.transaction(async (tx): Promise<ConfirmOutcome> => {
        const confirmed = await subscriptionRepository.confirm(tx, confirmHash);
        if (confirmed) {
          await enqueueMail(welcomeMail(confirmed.email, origin, unsubscribeUrl(confirmed.id, confirmed.unsubscribeTokenHash, origin)), { key: `newsletter:${confirmHash}:welcome`, tx });
          return 'confirmed';
        }
        // A second click on the same link: still confirmed.
        const state = await subscriptionRepository.confirmState(tx, confirmHash);
        return state === 'confirmed' ? 'confirmed' : state === 'expired' ? 'expired' : 'invalid';
      });
    },

    async resendConfirmation(token, origin) {
      const confirmToken = randomBytes(32).toString('base64url');
      const nextHash = hashToken(confirmToken);
      return db.transaction(async (tx) => {
        const row = await subscriptionRepository.renewConfirmation(tx, hashToken(token), nextHash);
        if (!row) return false;
        const confirmUrl = `${origin}/api/newsletters/confirm?token=${confirmToken}`;
        await enqueueMail(confirmMail(row.email, confirmUrl, unsubscribeUrl(row.id, row.unsubscribeTokenHash, origin)), { key: `newsletter:${nextHash}:confirm`, tx });
        return true;
      });
    },

    async findByToken(token) {
      if (!signed.idOf(token)) return subscriptionRepository.findByTokenHash(db, hashToken(token));
      const row = await signedFor(token);
      return row ? { email: row.email, status: row.status } : undefined;
    },

    async unsubscribe(token) {
      if (!signed.idOf(token)) return subscriptionRepository.unsubscribe(db, hashToken(token));
      const row = await signedFor(token);
      return row ? subscriptionRepository.unsubscribeById(db, row.id) : false;
    },

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

    counts: () => subscriptionRepository.counts(db),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletters: NewslettersService;
  }
}

export const newslettersPlugin = servicePlugin(
  'newsletters',
  async (app) => createNewslettersService(app.database.db, app.enqueueMail, await storedSecret(app.database.db, 'newsletter_link_secret')),
  {
  dependencies: ['database', 'mail-queue'],
});
