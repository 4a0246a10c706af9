import type { FastifyInstance } from 'fastify';

export const BACKUP_QUEUE = 'backup.scheduled';
/** Each hour a job asks whether a backup is due; `run` decides from the last one's time. */
const EVERY_HOUR = '0 * * * *';

/**
 * Scheduled backups as a job of the queue: one job an hour across every instance, worked by one of
 * them. A site with no scheduled backup yet makes its first at the first full hour after start.
 */
export async function scheduleBackups(app: FastifyInstance, intervalMs: number, run: () => Promise<unknown>): Promise<void> {
  await app.jobs.define(BACKUP_QUEUE, {
    // A backup that fails is tried again at the next hour's job, not retried at once.
    options: { retryLimit: 0, expireInSeconds: 30 * 60 },
    handler: async () => {
      await run();
    },
  });
  if (intervalMs > 0) await app.jobs.schedule(BACKUP_QUEUE, EVERY_HOUR);
  else await app.jobs.unschedule(BACKUP_QUEUE);
}
