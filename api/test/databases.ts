import { createDatabase, type ScratchDatabase } from '@site/test-support/postgres';
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
  let scratch: ScratchDatabase | undefined;
  let database: Database | undefined;
  return {
    name: 'postgres',
    async open() {
      scratch = await createDatabase('test', adminUrl);
      database = await openDatabase({ kind: 'postgres', url: scratch.url });
      return database;
    },
    async dispose() {
      await database?.close();
      await scratch?.drop();
    },
  };
}
