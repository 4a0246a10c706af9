import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Database, Db } from '../../db/database';
import { migrate, migrationVersions, MIGRATIONS_DIR } from '../../db/migrate';
import { rawCid } from '../media/cid';
import type { MediaStore } from '../media/store';
import { hasTables, tablesInLoadOrder, writableColumns } from './catalog';
import { MANIFEST_ENTRY, Manifest } from './format';
import { MANIFEST_DIGEST_ENTRY } from './keyed-digest';
import { markRestored } from './future-work';
import { releaseProblem, releaseWriter } from './releases';

/** Rows sent to the database in one statement (as one JSON array). */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  media: number;
  /** The live releases whose files the archive carried (now in RELEASES_DIR). */
  releases: number;
  /** Migrations applied after the rows, when the archive came from an older version of the site. */
  migratedAfter: string[];
  /** The archive held no signing secrets: the site makes new ones when it starts. */
  newSecrets: boolean;
}

/** What a restore from a plain archive means for the people using the site. */
export const NEW_SECRETS_NOTICE =
  'This backup was not encrypted, so it holds no signing secrets: the site makes new ones when it starts. ' +
  'Access tokens signed before are refused (a signed-in page renews its own through its sign-in cookie), ' +
  'and the links sent before in order and newsletter mail (manage an order, unsubscribe) no longer work.';

type TarEntry = tar.Extract extends AsyncIterable<infer E> ? E : never;

async function readAll(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function loadTable(tx: Db, table: string, entry: AsyncIterable<unknown>): Promise<number> {
  const columns = await writableColumns(tx, table);
  if (!columns.length) throw new RestoreRefused(`The archive has rows for ${table}, which this database does not have.`);
  const list = sql.join(columns.map((column) => sql.identifier(column)), sql`, `);
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  const flush = async () => {
    if (!batch.length) return;
    // The target's own types read each JSON field back (bytea, timestamps, numerics alike).
    await tx.execute(
      sql`INSERT INTO ${sql.identifier(table)} (${list}) OVERRIDING SYSTEM VALUE
          SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::jsonb)`,
    );
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of createInterface({ input: Readable.from(entry), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return rows;
}

/**
 * Restores an archive (the tar stream, already decrypted) into an empty database and its media
 * store: migrates to the archive's version, loads every table in one transaction, sets the
 * sequences, stores each medium after checking its bytes against its CID, writes the live releases'
 * files into `releasesDir` (and, where pointers are files, makes them live), then applies the
 * migrations the archive is older than. Release folders it wrote are removed if it fails.
 */
export async function restoreArchive(
  input: Readable,
  database: Database,
  store: MediaStore,
  { releasesDir, migrationsDir = MIGRATIONS_DIR }: { releasesDir: string; migrationsDir?: string },
): Promise<RestoreSummary> {
  if (await hasTables(database.db)) throw new RestoreRefused('The target database is not empty: restore into an empty one, or pass --force to replace what it holds.');
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  const entries = extract[Symbol.asyncIterator]() as AsyncIterator<TarEntry>;
  const nextEntry = async () => {
    const next = await entries.next();
    return next.done ? undefined : next.value;
  };

  const first = await nextEntry();
  if (first?.header.name !== MANIFEST_ENTRY) throw new RestoreRefused('This is not a site backup: it does not start with its manifest.');
  const parsed = Manifest.safeParse(JSON.parse((await readAll(first)).toString('utf8')));
  if (!parsed.success) throw new RestoreRefused(`This backup's manifest is not one this version of the site reads: ${parsed.error.message}`);
  const manifest = parsed.data;
  for (const release of manifest.releases) {
    const problem = releaseProblem(release);
    if (problem) throw new RestoreRefused(`The backup is damaged (${problem}): nothing was restored.`);
  }

  const known = new Set(await migrationVersions(migrationsDir));
  const unknown = manifest.migrations.filter((version) => !known.has(version));
  if (unknown.length) throw new RestoreRefused(`The backup comes from a newer version of the site (migrations ${unknown.join(', ')}): update the site first.`);
  const archiveVersion = manifest.migrations.at(-1);
  if (archiveVersion) await migrate(database, migrationsDir, { upTo: archiveVersion });

  let entry = await nextEntry();
  // Its keyed digest was checked with the whole archive (verify.ts).
  if (entry?.header.name === MANIFEST_DIGEST_ENTRY) {
    await readAll(entry);
    entry = await nextEntry();
  }
  let rows = 0;
  // The rows load in one transaction: the restore's own, or one of theirs when it has none.
  const inOneTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    database.inTransaction ? work(database.db) : database.db.transaction((transaction) => work(transaction as unknown as Db));
  await inOneTransaction(async (tx) => {
    // The migrations seed some rows (sample content): the archive says which of them the site kept.
    for (const table of (await tablesInLoadOrder(tx)).reverse()) await tx.execute(sql`DELETE FROM ${sql.identifier(table)}`);
    for (const table of manifest.tables) {
      if (entry?.header.name !== table.entry) throw new RestoreRefused(`The backup is incomplete: ${table.entry} is missing.`);
      const loaded = await loadTable(tx, table.name, entry);
      if (loaded !== table.rows) throw new RestoreRefused(`The backup is damaged: ${table.name} has ${loaded} rows, its manifest says ${table.rows}.`);
      rows += loaded;
      entry = await nextEntry();
    }
    for (const { name, last_value } of manifest.sequences) {
      await tx.execute(sql`SELECT setval(format('%I', ${name}::text)::regclass, ${last_value}::bigint, true)`);
    }
    await markRestored(tx);
  });

  for (const medium of manifest.media) {
    if (entry?.header.name !== medium.entry) throw new RestoreRefused(`The backup is incomplete: ${medium.entry} is missing.`);
    const bytes = await readAll(entry);
    if ((await rawCid(bytes)) !== medium.cid) throw new RestoreRefused(`The backup is damaged: the bytes of ${medium.entry} do not match its CID.`);
    await store.put(bytes, medium.content_type);
    entry = await nextEntry();
  }

  const releases = releaseWriter(releasesDir);
  try {
    for (const release of manifest.releases) {
      for (const file of release.files) {
        if (entry?.header.name !== file.entry) throw new RestoreRefused(`The backup is incomplete: ${file.entry} is missing.`);
        await releases.file(release, file, Readable.from(entry));
        entry = await nextEntry();
      }
      await releases.done(release);
    }
    if (entry) throw new RestoreRefused(`The backup has an entry its manifest does not name: ${entry.header.name}.`);
    const { applied } = await migrate(database, migrationsDir);
    // On PostgreSQL the live pointers are rows, restored with the tables.
    if (database.kind === 'pglite') await releases.point(manifest);
    return {
      manifest,
      rows,
      media: manifest.media.length,
      releases: manifest.releases.length,
      migratedAfter: applied,
      newSecrets: manifest.signing_secrets === false,
    };
  } catch (error) {
    await releases.undo();
    throw error;
  }
}
