import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { openDatabase } from '../../db/database';
import { DatabaseMediaStore, DiskMediaStore } from '../media/store';
import { dropEverything, hasTables } from './catalog';
import { openArchive } from './encryption';
import { restoreArchive, RestoreRefused, type RestoreSummary } from './restore';

const NOT_EMPTY = 'pass --force to delete what it holds and restore over it';

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Restores an archive file's stream into the database `config` names: DATABASE_URL, or a new
 * embedded database in DATA_DIR (its media on disk beside it). `force` empties the target first.
 */
export async function restoreInto(config: Config, file: Readable, { force = false } = {}): Promise<RestoreSummary> {
  const archive = await openArchive(file, config.BACKUP_KEY);
  try {
    return await restoreIntoTarget(config, archive, force);
  } finally {
    archive.destroy();
    file.destroy();
  }
}

async function restoreIntoTarget(config: Config, archive: Readable, force: boolean): Promise<RestoreSummary> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: 600_000 });
    try {
      if (await hasTables(database.db)) {
        if (!force) throw new RestoreRefused(`The database DATABASE_URL names is not empty: ${NOT_EMPTY}.`);
        await dropEverything(database.db);
      }
      return await restoreArchive(archive, database, new DatabaseMediaStore(database.db));
    } finally {
      await database.close();
    }
  }
  const pgdata = path.join(config.DATA_DIR, 'pgdata');
  const mediaDir = path.join(config.DATA_DIR, 'media');
  if (existsSync(pgdata) || (await hasFiles(mediaDir))) {
    if (!force) throw new RestoreRefused(`DATA_DIR (${config.DATA_DIR}) already holds a database or media: ${NOT_EMPTY}.`);
    await rm(pgdata, { recursive: true, force: true });
    await rm(mediaDir, { recursive: true, force: true });
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    return await restoreArchive(archive, database, new DiskMediaStore(mediaDir));
  } finally {
    await database.close();
  }
}
