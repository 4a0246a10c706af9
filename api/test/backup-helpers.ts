import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/database';
import { testConfig } from './app';

export const COUNTED_TABLES = ['users', 'blogs', 'events', 'packages', 'orders'] as const;

export async function countRows(database: Database, table: string): Promise<number> {
  const result = await database.db.execute<{ count: string }>(sql`SELECT count(*)::text AS count FROM ${sql.identifier(table)}`);
  return Number((result as unknown as { rows: { count: string }[] }).rows[0]!.count);
}

export async function counts(database: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(COUNTED_TABLES.map(async (table) => [table, await countRows(database, table)] as const));
  return Object.fromEntries(entries);
}

export const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'restore-target-'));

/** The site served from a restored database (DATA_DIR for the embedded one, DATABASE_URL otherwise). */
export async function appOn(env: { DATA_DIR?: string; DATABASE_URL?: string }): Promise<{ app: FastifyInstance; database: Database }> {
  const config = testConfig(env as Record<string, string>);
  const database = await openDatabase(config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.ready();
  return { app, database };
}
