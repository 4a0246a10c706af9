/**
 * Copies the media kept on this machine's disk (DATA_DIR/media) into PostgreSQL (DATABASE_URL),
 * where every api instance reads them. Run once when moving from one instance to several; running
 * it again copies only what is missing. Usage: pnpm --filter @site/api media:migrate
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { migrateDiskMedia } from '../modules/media/migrate-disk';
import { DatabaseMediaStore, DiskMediaStore } from '../modules/media/store';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error('DATABASE_URL is not set: media stay on disk with the embedded database, there is nothing to migrate.');
    process.exitCode = 1;
    return;
  }
  const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS });
  try {
    await migrate(database);
    const disk = new DiskMediaStore(path.join(config.DATA_DIR, 'media'));
    const result = await migrateDiskMedia(disk, new DatabaseMediaStore(database.db));
    console.log(`From ${disk.dir}: ${result.copied.length} copied, ${result.alreadyThere.length} already in the database, ${result.skipped.length} skipped.`);
    for (const { name, reason } of result.skipped) console.log(`  skipped ${name}: ${reason}`);
    if (result.skipped.length) process.exitCode = 2;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
