import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The database's own URL. */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
}

/** Runs one statement on the server at `adminUrl` over a connection of its own. */
async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the PostgreSQL server at `adminUrl` (TEST_DATABASE_URL by default), named
 * `prefix` and a unique tail, so that parallel runs never share rows.
 */
export async function createDatabase(prefix: string, adminUrl = process.env.TEST_DATABASE_URL): Promise<ScratchDatabase> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: this needs PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/test).');
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
