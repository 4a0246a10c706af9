import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema, type Schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A connection on which a sequence of statements runs in order (migrations, advisory locks). */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs `work` on one dedicated connection. */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async withSession(work) {
        const client = await pool.connect();
        try {
          return await work({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <T>(sql: string, params?: unknown[]) =>
              (await client.query(sql, params as unknown[])).rows as T[],
          });
        } finally {
          client.release();
        }
      },
      async ping() {
        await pool.query('SELECT 1');
      },
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if (target.dataDir) {
    await mkdir(target.dataDir, { recursive: true });
    client = await PGlite.create(path.join(target.dataDir, 'pgdata'));
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const session: SqlSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  };
  // PGlite is one connection: sessions take turns on it (an advisory lock would be re-entrant there).
  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    db,
    withSession: <T>(work: (s: SqlSession) => Promise<T>): Promise<T> => {
      const run = queue.then(() => work(session));
      queue = run.catch(() => undefined);
      return run;
    },
    async ping() {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}
