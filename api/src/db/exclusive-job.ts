import type { Database } from './database';

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
