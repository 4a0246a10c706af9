import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from './database';

/**
 * Runs a periodic job on one instance at a time: every instance schedules it, the first to take
 * the transaction-scoped advisory lock named `job` does the work, the others skip this round
 * (undefined). The lock ends with the transaction, so a crashed instance never holds it.
 */
export async function runExclusively<T>(db: Db, job: string, work: (tx: Tx) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${job}, 0)) AS locked`);
    const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
    if (!locked) return undefined;
    return work(tx);
  });
}

/**
 * Runs start-up work that must not interleave with another instance starting at the same moment
 * (e.g. creating the admin account: both would find it missing and insert it). Waits for the lock.
 */
export async function withStartupLock<T>(database: Database, name: string, work: () => Promise<T>): Promise<T> {
  return database.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await session.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  });
}
