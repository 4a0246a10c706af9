import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { settingsRepository } from '../../db/settings';
import { appSettings } from '../../db/tables';
import { schedulePublication } from '../blogs/publication';
import { rowsOf } from '../../db/rows';

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
 * which of them went out is not known from the rows (docs/backups.md).
 */
export async function rederiveFutureWork(app: FastifyInstance, now = new Date()): Promise<{ reminded: number; posts: number } | undefined> {
  return app.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const mark = await tx.delete(appSettings).where(eq(appSettings.key, RESTORED_SETTING)).returning({ key: appSettings.key });
    if (!mark.length) return undefined;
    // Like the archive itself, the restore reads the tables as rows; each module schedules its own jobs.
    const booked = await rowsOf<{ id: string }>(
      tx,
      sql`SELECT id FROM orders WHERE kind = 'consultation' AND status = 'paid' AND cancelled_at IS NULL AND start_time > ${now.toISOString()}::timestamptz`,
    );
    for (const { id } of booked) {
      const row = await app.orders.findById(id, tx);
      if (row) await app.fulfilment.reminders.schedule(tx, row, now);
    }
    const posts = await rowsOf<{ id: string; published_at: string }>(
      tx,
      sql`SELECT id, to_jsonb(published_at) #>> '{}' AS published_at FROM blogs
          WHERE status = 'published' AND deleted_at IS NULL AND published_at > ${now.toISOString()}::timestamptz`,
    );
    for (const post of posts) {
      await schedulePublication(app, tx, { id: post.id, status: 'published', published_at: new Date(post.published_at).toISOString() }, now);
    }
    return { reminded: booked.length, posts: posts.length };
  });
}
