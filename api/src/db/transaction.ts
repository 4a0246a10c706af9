import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, type Database, type DatabaseTarget, type Db } from './database';
import { schema } from './schema';

/** A database whose every statement runs in one transaction on one connection, until `commit`. */
export interface TransactionalDatabase extends Database {
  commit(): Promise<void>;
}

/**
 * PostgreSQL on one connection inside one open transaction (DDL included): what runs on it is kept
 * only once `commit` is called; `close` without it rolls everything back.
 */
export async function openTransaction(target: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<TransactionalDatabase> {
  const statementTimeout = target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const client = new pg.Client({
    connectionString: target.url,
    connectionTimeoutMillis: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 1_000,
  });
  // A dropped connection ends the transaction (rolled back by the server); the next query says so.
  client.on('error', () => {});
  await client.connect();
  await client.query('BEGIN');
  let open = true;
  return {
    kind: 'postgres',
    db: drizzlePg(client, { schema }) as unknown as Db,
    inTransaction: true,
    withSession: (work) =>
      work({
        exec: async (sql) => {
          await client.query(sql);
        },
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as T[],
      }),
    async ping() {
      await client.query('SELECT 1');
    },
    async commit() {
      await client.query('COMMIT');
      open = false;
    },
    async close() {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      open = false;
      await client.end();
    },
  };
}
