import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_DIR } from '../paths';
import type { Database } from './database';

export const MIGRATIONS_DIR = path.join(API_DIR, 'migrations');

// Any fixed number: every instance that starts at once waits on the same lock.
const MIGRATION_LOCK_ID = 727_274_001;

export interface MigrationResult {
  applied: string[];
}

/** The committed migrations' versions (file names without .sql), in the order they apply. */
export async function migrationVersions(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir))
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .map((name) => name.replace(/\.sql$/, ''))
    .sort();
}

/**
 * Applies the committed SQL files in name order, each once and in its own transaction, under a
 * Postgres advisory lock so that instances starting together do not race. `upTo` stops after that
 * version (a restore loads an older archive's rows into the schema they were written for).
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR, { upTo }: { upTo?: string } = {}): Promise<MigrationResult> {
  const files = (await migrationVersions(dir)).filter((version) => !upTo || version <= upTo).map((version) => `${version}.sql`);
  return database.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Set(
        (await session.query<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version),
      );
      const applied: string[] = [];
      for (const file of files) {
        const version = file.replace(/\.sql$/, '');
        if (done.has(version)) continue;
        const sql = await readFile(path.join(dir, file), 'utf8');
        // Inside a transaction of the caller's (a restore), a savepoint stands for the migration's own.
        const [begin, commit, rollback] = database.inTransaction
          ? ['SAVEPOINT migration', 'RELEASE SAVEPOINT migration', 'ROLLBACK TO SAVEPOINT migration']
          : ['BEGIN', 'COMMIT', 'ROLLBACK'];
        await session.exec(begin);
        try {
          await session.exec(sql);
          await session.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
          await session.exec(commit);
        } catch (error) {
          await session.exec(rollback);
          throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(version);
      }
      return { applied };
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
