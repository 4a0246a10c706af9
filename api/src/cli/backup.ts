/**
 * Writes a backup archive of the whole site (database, media, settings) to a file: the database
 * DATABASE_URL names, or the embedded one in DATA_DIR (stop the api first: PGlite is one process).
 * Encrypted with age when BACKUP_KEY is set. Usage: pnpm backup --out FILE
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { writeBackupFile } from '../modules/backup/make';
import { DatabaseMediaStore, DiskMediaStore } from '../modules/media/store';
import { pointersOf } from '../modules/releases/pointers';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error('Usage: pnpm backup --out FILE');
    process.exitCode = 1;
    return;
  }
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const config = loadConfig();
  if (!config.DATABASE_URL && !existsSync(path.join(config.DATA_DIR, 'pgdata', 'PG_VERSION'))) {
    console.error(`There is no embedded database in DATA_DIR (${config.DATA_DIR}): set DATA_DIR to the site's data folder, or DATABASE_URL.`);
    process.exitCode = 1;
    return;
  }
  const database = await openDatabase(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS } : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    const store = database.kind === 'postgres' ? new DatabaseMediaStore(database.db) : new DiskMediaStore(path.join(config.DATA_DIR, 'media'));
    const { manifest, file, size } = await writeBackupFile(database, store, config.BACKUP_KEY, () => out, {
      dir: config.RELEASES_DIR,
      pointers: pointersOf(database, config.RELEASES_DIR),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `${file}: ${size} bytes${config.BACKUP_KEY ? ', encrypted' : ' (not encrypted: set BACKUP_KEY)'}; ${rows} rows in ${manifest.tables.length} tables, ${manifest.media.length} media, ${manifest.releases.length} live releases, schema ${manifest.migrations.at(-1) ?? 'empty'}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
