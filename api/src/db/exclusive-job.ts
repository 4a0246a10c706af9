import { sql } from 'drizzle-orm';
import type { Db } from './database';

/**
 * Runs a periodic job on one instance at a time: every instance schedules it, the first to take
 * the transaction-scoped advisory lock named `job` does the work, the others skip this round
 * (undefined). The lock ends with the transaction, so a crashed instance never holds it.
 */
export async function runExclusively<T>(db: Db, job: string, work: (tx: Db) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${job}, 0)) AS locked`);
    const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
    if (!locked) return undefined;
    return work(tx as unknown as Db);
  });
}
