import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { parseCid } from '../media/cid';
import { DatabaseMediaStore, DiskMediaStore, type MediaStore } from '../media/store';
import { rowsOf } from '../../db/rows';
import { sequenceValues, tablesInLoadOrder } from './catalog';
import { liveReleases, releaseFolder, type ReleaseSource } from './releases';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, mediaEntry, tableEntry, type Manifest } from './format';

/** Rows fetched from the cursor at a time: only these are in memory. */
const FETCH_ROWS = 500;

/** The database as of one moment, spooled to private temporary files, and the media to go with it. */
export interface Snapshot {
  manifest: Manifest;
  /** The spooled rows of an entry named in the manifest's tables. */
  fileOf(entry: string): string;
  /** A file of a carried release, where the site keeps it. */
  releaseFileOf(release: { remote: string; version: string }, file: { path: string }): string;
  /** Deletes the spooled rows (they hold password hashes and secrets). */
  discard(): Promise<void>;
}

async function write(out: WriteStream, digest: Hash, text: string): Promise<number> {
  const bytes = Buffer.from(text, 'utf8');
  digest.update(bytes);
  if (!out.write(bytes)) await once(out, 'drain');
  return bytes.byteLength;
}

/**
 * The settings that sign tokens and links (JWT, order, newsletter and order-hold secrets, the
 * payment sandbox's): all named `*_secret`. A plain archive leaves them out (see makeBackup).
 */
const SIGNING_SECRETS = sql`t.key LIKE '%\_secret'`;

/** Spools a table's rows and says how many, with the size and SHA-256 of the entry they make. */
async function spoolTable(tx: Db, table: string, file: string, withSecrets: boolean): Promise<{ rows: number; bytes: number; sha256: string }> {
  const out = createWriteStream(file, { mode: 0o600 });
  const digest = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const only = table === 'app_settings' && !withSecrets ? sql` WHERE NOT (${SIGNING_SECRETS})` : sql``;
  try {
    await tx.execute(sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(table)} t${only}`);
    for (;;) {
      const batch = await rowsOf<{ row: string }>(tx, sql.raw(`FETCH ${FETCH_ROWS} FROM backup_rows`));
      for (const { row } of batch) bytes += await write(out, digest, `${row}\n`);
      rows += batch.length;
      if (batch.length < FETCH_ROWS) break;
    }
    await tx.execute(sql.raw('CLOSE backup_rows'));
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { rows, bytes, sha256: digest.digest('hex') };
}

/** Every medium the store holds: media_objects as of the snapshot, or the files of the disk store. */
async function listMedia(store: MediaStore, tx: Db): Promise<{ cid: string; content_type: string; size: number }[]> {
  if (store instanceof DatabaseMediaStore) {
    return rowsOf(tx, sql`SELECT cid, content_type, size FROM media_objects ORDER BY cid`);
  }
  if (!(store instanceof DiskMediaStore)) throw new Error('This media store cannot be listed for a backup');
  let names: string[];
  try {
    names = await readdir(store.dir);
  } catch {
    return [];
  }
  const media = [];
  for (const name of names.sort()) {
    if (parseCid(name) !== name) continue;
    const info = await store.info(name);
    if (info) media.push({ cid: info.cid, content_type: info.contentType, size: info.size });
  }
  return media;
}

/**
 * Reads every table in ONE read-only REPEATABLE READ transaction, so the rows are consistent at
 * one point in time, and spools them to disk. The transaction lasts only as long as that copy, not
 * as long as a slow download (on PGlite, whose single connection it holds, that matters most).
 * Media are content-addressed and never rewritten: a file that a spooled row names was stored
 * before that row committed, so listing the disk store right after the rows is consistent too.
 */
export async function takeSnapshot(
  database: Database,
  store: MediaStore,
  { withSecrets, releases }: { withSecrets: boolean; releases?: ReleaseSource },
): Promise<Snapshot> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-backup-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const manifest = await database.db.transaction(
      async (tx) => {
        const db = tx as unknown as Db;
        const migrations = (await rowsOf<{ version: string }>(db, sql`SELECT version FROM schema_migrations ORDER BY version`)).map((r) => r.version);
        const tables: Manifest['tables'] = [];
        for (const [index, name] of (await tablesInLoadOrder(db)).entries()) {
          const entry = tableEntry(index + 1, name);
          tables.push({ name, entry, ...(await spoolTable(db, name, path.join(dir, path.basename(entry)), withSecrets)) });
        }
        const sequences = await sequenceValues(db);
        const media = (await listMedia(store, db)).map((m) => ({ ...m, size: Number(m.size), entry: mediaEntry(m.cid) }));
        return {
          format: ARCHIVE_FORMAT,
          format_version: ARCHIVE_FORMAT_VERSION,
          created_at: new Date().toISOString(),
          source: database.kind,
          migrations,
          signing_secrets: withSecrets,
          tables,
          sequences,
          media,
          releases: [] as Manifest['releases'],
        } satisfies Manifest;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (releases) manifest.releases = await liveReleases(releases);
    return {
      manifest,
      fileOf: (entry) => path.join(dir, path.basename(entry)),
      releaseFileOf: (release, file) => path.join(releaseFolder(releases!.dir, release), file.path),
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
}
