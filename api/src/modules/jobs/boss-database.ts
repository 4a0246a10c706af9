import type { PGlite } from '@electric-sql/pglite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Db as BossDb } from 'pg-boss';
import type { Database, Db } from '../../db/database';

/**
 * pg-boss on the embedded database, in this process, on the api's own PGlite (decision 041).
 *
 * Every statement runs inside PGlite's transaction lock, the lock the api's own queries and
 * transactions take: a pg-boss statement never runs inside an api transaction, nor an api query
 * inside one of pg-boss's BEGIN…COMMIT blocks. pg-boss's own adapter releases the lock between a
 * failed block and its ROLLBACK, where a waiting api query would run in the aborted block; here the
 * rollback happens before the lock is released.
 *
 * PGlite runs on this thread, and pg-boss chains the statements of a background pass (supervision,
 * monitoring, polls) without giving the event loop a turn: a pass of dozens of statements held up
 * every request for 50–350 ms. Each statement first waits for the loop's next turn, so requests that
 * arrived meanwhile are answered between them (kept answers need no database at all).
 */
export function pgliteBossDatabase(pglite: PGlite): BossDb {
  const base = fromPglite(pglite);
  return {
    ...base,
    executeSql: async (text: string, values?: unknown[]) => {
      await nextTurn();
      return pglite.transaction(async (tx) => {
        if (values?.length) return tx.query(text, values);
        // Without parameters a text may hold several statements (pg-boss's locked blocks).
        const results = await tx.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      });
    },
  };
}

/** The PGlite instance under the api's Drizzle database (PGlite only). */
export function pgliteOf(database: Database): PGlite {
  if (database.kind !== 'pglite') throw new Error('not a PGlite database');
  return (database.db as unknown as { $client: PGlite }).$client;
}

/** The address of the PostgreSQL database the app's pool connects to, for pg-boss's own pool. */
export function postgresUrlOf(database: Database): string | undefined {
  if (database.kind !== 'postgres') return undefined;
  return (database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options?.connectionString;
}

/** A caller's Drizzle transaction as pg-boss's per-call `db`: what is sent commits or rolls back with it. */
export function transactionForBoss(tx: Db): BossDb {
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql as unknown as Parameters<typeof fromDrizzle>[1]);
}
