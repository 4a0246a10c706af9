import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { DatabaseMediaStore, DiskMediaStore, type MediaStore } from '../media/store';
import { dropEverything, hasTables } from './catalog';
import { openArchive } from './encryption';
import { restoreArchive, RestoreRefused, type RestoreSummary } from './restore';
import { verifyArchive } from './verify';

const NOT_EMPTY = 'pass --force to delete what it holds and restore over it';

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

/** A write that failed half-way, in one sentence: the database's error code at most, never the rows it quoted. */
function writeFailure(error: unknown): RestoreRefused {
  if (error instanceof RestoreRefused) return new RestoreRefused(`${error.message} What the restore had written was removed.`);
  const code = (error as { cause?: { code?: unknown }; code?: unknown }).cause?.code ?? (error as { code?: unknown }).code;
  const reason = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? `database error ${code}` : 'an unexpected error';
  return new RestoreRefused(`The restore failed while writing (${reason}); what it had written was removed, so the target is empty again.`);
}

type Open = () => Promise<Readable>;

async function withArchive<T>(open: Open, read: (archive: Readable) => Promise<T>): Promise<T> {
  const archive = await open();
  try {
    return await read(archive);
  } finally {
    archive.destroy();
  }
}

/**
 * Restores an archive (a file, or a stream spooled to a private temporary file first) into the
 * database `config` names: DATABASE_URL, or a new embedded database in DATA_DIR (its media on disk
 * beside it). The whole archive is checked first (verify.ts), so a damaged one writes nothing;
 * `force` then empties the target; a write that still fails is undone, leaving the target empty.
 */
export async function restoreInto(config: Config, source: Readable | string, { force = false, allowPlain = false } = {}): Promise<RestoreSummary> {
  let spoolDir: string | undefined;
  try {
    let file: string;
    if (typeof source === 'string') file = source;
    else {
      spoolDir = await mkdtemp(path.join(tmpdir(), 'site-restore-'));
      file = path.join(spoolDir, 'archive');
      await pipeline(source, createWriteStream(file, { mode: 0o600 }));
    }
    const open: Open = () => openArchive(createReadStream(file), config.BACKUP_KEY, { allowPlain });
    return await restoreIntoTarget(config, open, force);
  } finally {
    if (typeof source !== 'string') source.destroy();
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  }
}

async function load(open: Open, database: Database, store: MediaStore, releasesDir: string, undo: () => Promise<void>): Promise<RestoreSummary> {
  try {
    return await withArchive(open, (archive) => restoreArchive(archive, database, store, { releasesDir }));
  } catch (error) {
    await undo();
    throw writeFailure(error);
  }
}

async function restoreIntoTarget(config: Config, open: Open, force: boolean): Promise<RestoreSummary> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: 600_000 });
    try {
      const occupied = await hasTables(database.db);
      if (occupied && !force) throw new RestoreRefused(`The database DATABASE_URL names is not empty: ${NOT_EMPTY}.`);
      await withArchive(open, verifyArchive);
      if (occupied) await dropEverything(database.db);
      return await load(open, database, new DatabaseMediaStore(database.db), config.RELEASES_DIR, () => dropEverything(database.db));
    } finally {
      await database.close();
    }
  }
  const pgdata = path.join(config.DATA_DIR, 'pgdata');
  const mediaDir = path.join(config.DATA_DIR, 'media');
  const occupied = existsSync(pgdata) || (await hasFiles(mediaDir));
  if (occupied && !force) throw new RestoreRefused(`DATA_DIR (${config.DATA_DIR}) already holds a database or media: ${NOT_EMPTY}.`);
  await withArchive(open, verifyArchive);
  const empty = async () => {
    await rm(pgdata, { recursive: true, force: true });
    await rm(mediaDir, { recursive: true, force: true });
  };
  if (occupied) await empty();
  const database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  let closed = false;
  try {
    return await load(open, database, new DiskMediaStore(mediaDir), config.RELEASES_DIR, async () => {
      closed = true;
      await database.close();
      await empty();
    });
  } finally {
    if (!closed) await database.close();
  }
}
