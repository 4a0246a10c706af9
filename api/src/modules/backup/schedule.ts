/** How often a due backup is looked for (the interval itself when shorter). */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Scheduled backups on a timer, until they become a job of the job queue: every instance looks
 * each hour whether one is due, `run` decides (the last one's time, one instance at a time).
 * A site with no scheduled backup yet makes its first at the first look, an hour after start.
 */
export function scheduleBackups(intervalMs: number, run: () => Promise<unknown>): () => void {
  const timer = setInterval(() => void run(), Math.min(intervalMs, CHECK_EVERY_MS));
  timer.unref();
  return () => clearInterval(timer);
}
