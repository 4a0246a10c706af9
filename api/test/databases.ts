import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
  /** Drops what `open` created. */
  dispose(): Promise<void>;
}

/**
 * The databases every api test runs against: embedded PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set. Each test file gets its own fresh database, dropped afterwards,
 * so runs never see each other's rows.
 */
export function testDatabases(): TestDatabase[] {
  const targets: TestDatabase[] = [pgliteTarget()];
  if (process.env.TEST_DATABASE_URL) targets.push(postgresTarget(process.env.TEST_DATABASE_URL));
  return targets;
}

/** Another pool and listener on the same PostgreSQL database, as a second instance of the api has. */
export async function secondConnection(database: Database): Promise<Database> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const [row] = await database.withSession((s) => s.query<{ name: string }>('SELECT current_database() AS name'));
  url.pathname = `/${row!.name}`;
  return openDatabase({ kind: 'postgres', url: url.href });
}

function pgliteTarget(): TestDatabase {
  let database: Database | undefined;
  return {
    name: 'pglite',
    async open() {
      database = await openDatabase({ kind: 'pglite' });
      return database;
    },
    async dispose() {
      await database?.close();
    },
  };
}

function postgresTarget(adminUrl: string): TestDatabase {
  const dbName = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  let database: Database | undefined;
  const admin = () => new pg.Client({ connectionString: adminUrl });
  return {
    name: 'postgres',
    async open() {
      const client = admin();
      await client.connect();
      await client.query(`CREATE DATABASE "${dbName}"`);
      await client.end();
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      database = await openDatabase({ kind: 'postgres', url: url.href });
      return database;
    },
    async dispose() {
      await database?.close();
      const client = admin();
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await client.end();
    },
  };
}
