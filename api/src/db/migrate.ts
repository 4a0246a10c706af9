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

/**
 * Applies the committed SQL files in name order, each once and in its own transaction, under a
 * Postgres advisory lock so that instances starting together do not race.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = (await readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
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
        await session.exec('BEGIN');
        try {
          await session.exec(sql);
          await session.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
          await session.exec('COMMIT');
        } catch (error) {
          await session.exec('ROLLBACK');
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
