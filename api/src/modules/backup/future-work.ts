import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { settingsRepository } from '../../db/settings';
import { appSettings } from '../../db/tables';
import { schedulePublication } from '../blogs/publication';
import { toBlog } from '../blogs/service';
import { blogs } from '../blogs/table';
import { orders } from '../orders/table';

/**
 * Set by a restore, in its transaction: the job queue's tables are not in an archive, so the next
 * start derives the future work again from the restored rows, then deletes this mark.
 */
export const RESTORED_SETTING = 'backup:restored';

export async function markRestored(tx: Db, at = new Date()): Promise<void> {
  await settingsRepository.put(tx, RESTORED_SETTING, at.toISOString());
}

/**
 * After a restore, in one transaction with the deletion of the mark (so once, even with several
 * instances starting): the reminders of every paid, uncancelled consultation still ahead, and the
 * publication job of every post dated in the future. Each job has its singleton key, so a pass over
 * jobs already queued adds none. Newsletter batches and mail waiting in the queue are not derived:
 * their progress lived in the queue (see docs/backups.md).
 */
export async function rederiveFutureWork(app: FastifyInstance, now = new Date()): Promise<{ reminded: number; posts: number } | undefined> {
  return app.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const mark = await tx.delete(appSettings).where(eq(appSettings.key, RESTORED_SETTING)).returning({ key: appSettings.key });
    if (!mark.length) return undefined;
    const booked = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.kind, 'consultation'), eq(orders.status, 'paid'), isNull(orders.cancelledAt), gt(orders.startTime, now)));
    for (const row of booked) await app.fulfilment.reminders.schedule(tx, row, now);
    const posts = await tx
      .select()
      .from(blogs)
      .where(and(eq(blogs.status, 'published'), isNull(blogs.deletedAt), gt(blogs.publishedAt, now)));
    for (const post of posts) await schedulePublication(app, tx, toBlog(post), now);
    return { reminded: booked.length, posts: posts.length };
  });
}
