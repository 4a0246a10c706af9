import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { openTransaction } from '../../db/transaction';
import { DatabaseMediaStore, DiskMediaStore, type MediaStore } from '../media/store';
import { dropEverything, hasTables } from './catalog';
import { openArchive } from './encryption';
import { digestKeyOf, type DigestCheck } from './keyed-digest';
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
  if (error instanceof RestoreRefused) return new RestoreRefused(`${error.message} Nothing it wrote was kept.`);
  const code = (error as { cause?: { code?: unknown }; code?: unknown }).cause?.code ?? (error as { code?: unknown }).code;
  const reason = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? `database error ${code}` : 'an unexpected error';
  return new RestoreRefused(`The restore failed while writing (${reason}); nothing it wrote was kept, so the target is as it was.`);
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
 * beside it). The whole archive is checked first (verify.ts), so a damaged one writes nothing; then
 * it is written in one transaction (PostgreSQL) or beside DATA_DIR and swapped in (PGlite), so a
 * write that still fails leaves the target as it was, even with `force` (replace what it holds).
 */
export async function restoreInto(config: Config, source: Readable | string, { force = false, allowPlain = false, allowUnsigned = false } = {}): Promise<RestoreSummary> {
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
    // A plain archive taken on purpose (--allow-plain) has no digest either: the operator vouches for it.
    const digestCheck: DigestCheck = { key: digestKeyOf(config.BACKUP_KEY), allowUnsigned: allowUnsigned || allowPlain };
    return await restoreIntoTarget(config, open, force, digestCheck);
  } finally {
    if (typeof source !== 'string') source.destroy();
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  }
}

async function load(open: Open, database: Database, store: MediaStore, releasesDir: string): Promise<RestoreSummary> {
  try {
    return await withArchive(open, (archive) => restoreArchive(archive, database, store, { releasesDir }));
  } catch (error) {
    throw writeFailure(error);
  }
}

/** Moves `names` from `from` into `to`, replacing what `to` held; on a failure half-way, puts that back. */
async function swapIn(from: string, to: string, names: string[]): Promise<void> {
  const replaced = path.join(to, `.replaced-${randomUUID()}`);
  await mkdir(replaced);
  const moved: string[] = [];
  try {
    for (const name of names) if (existsSync(path.join(to, name))) await rename(path.join(to, name), path.join(replaced, name));
    for (const name of names) {
      if (!existsSync(path.join(from, name))) continue;
      await rename(path.join(from, name), path.join(to, name));
      moved.push(name);
    }
  } catch (error) {
    for (const name of moved) await rename(path.join(to, name), path.join(from, name)).catch(() => undefined);
    for (const name of names) if (existsSync(path.join(replaced, name))) await rename(path.join(replaced, name), path.join(to, name)).catch(() => undefined);
    throw error;
  } finally {
    await rm(replaced, { recursive: true, force: true });
  }
}

async function restoreIntoTarget(config: Config, open: Open, force: boolean, digestCheck: DigestCheck): Promise<RestoreSummary> {
  if (config.DATABASE_URL) {
    // One transaction for all of it (emptying with --force, schema, rows, media): committed whole or not at all.
    const database = await openTransaction({ kind: 'postgres', url: config.DATABASE_URL, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: 600_000 });
    try {
      const occupied = await hasTables(database.db);
      if (occupied && !force) throw new RestoreRefused(`The database DATABASE_URL names is not empty: ${NOT_EMPTY}.`);
      await withArchive(open, (archive) => verifyArchive(archive, digestCheck));
      if (occupied) await dropEverything(database.db);
      const summary = await load(open, database, new DatabaseMediaStore(database.db), config.RELEASES_DIR);
      await database.commit();
      return summary;
    } finally {
      await database.close();
    }
  }
  const occupied = existsSync(path.join(config.DATA_DIR, 'pgdata')) || (await hasFiles(path.join(config.DATA_DIR, 'media')));
  if (occupied && !force) throw new RestoreRefused(`DATA_DIR (${config.DATA_DIR}) already holds a database or media: ${NOT_EMPTY}.`);
  await withArchive(open, (archive) => verifyArchive(archive, digestCheck));
  // Written beside the site (same disk) and swapped in once whole: a failure leaves DATA_DIR as it was.
  const staging = path.join(config.DATA_DIR, `.restoring-${randomUUID()}`);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: staging });
    let summary: RestoreSummary;
    try {
      summary = await load(open, database, new DiskMediaStore(path.join(staging, 'media')), config.RELEASES_DIR);
    } finally {
      await database.close();
    }
    await swapIn(staging, config.DATA_DIR, ['pgdata', 'media']);
    return summary;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
