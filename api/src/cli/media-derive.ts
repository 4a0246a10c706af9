/**
 * Cleans the images stored before uploads were cleaned (metadata removed, turned upright; posts
 * then show the cleaned copy) and derives the variants of every image without them. Safe to run
 * again: a second run does nothing. On the embedded database, run it with the server stopped
 * (one process opens DATA_DIR). Usage: pnpm --filter @site/api media:derive
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createBlogsService } from '../modules/blogs/service';
import { deriveStoredMedia } from '../modules/media/derive-stored';
import { DatabaseMediaStore, DiskMediaStore } from '../modules/media/store';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    await migrate(database);
    const store = database.kind === 'postgres' ? new DatabaseMediaStore(database.db) : new DiskMediaStore(path.join(config.DATA_DIR, 'media'));
    const report = await deriveStoredMedia(database.db, store, createBlogsService(database.db));
    console.log(`${report.cleaned.length} cleaned, ${report.derived.length} derived, ${report.skipped.length} skipped.`);
    for (const { from, to } of report.cleaned) console.log(`  cleaned ${from} -> ${to}`);
    for (const { cid, reason } of report.skipped) console.log(`  skipped ${cid}: ${reason}`);
    if (report.skipped.length) process.exitCode = 2;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
