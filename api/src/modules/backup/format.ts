import { z } from 'zod';

/**
 * A site archive is a tar file (optionally age-encrypted as a whole, see encryption.ts):
 *   manifest.json              what follows, the migrations applied, row counts, sequences, media
 *   tables/NNN-<table>.jsonl   one row per line (`to_jsonb(row)`), tables in foreign-key order
 *   media/<cid>                the bytes of each medium, checked against its CID (a SHA-256) on restore
 *   releases/<remote>/<version>/<file>   the files of each front end's live release, so that a new
 *                              machine serves what was live (each checked against its size and SHA-256)
 * Nothing in it is specific to PGlite or a PostgreSQL version: rows are JSON, read back by the
 * target's own `jsonb_populate_recordset` into the schema its migrations made.
 */
export const ARCHIVE_FORMAT = 'site-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

export const tableEntry = (index: number, table: string) => `tables/${String(index).padStart(3, '0')}-${table}.jsonl`;
export const mediaEntry = (cid: string) => `media/${cid}`;
export const releaseEntry = (remote: string, version: string, file: string) => `releases/${remote}/${version}/${file}`;

export const Manifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.literal(ARCHIVE_FORMAT_VERSION),
  created_at: z.string(),
  /** The database the archive was read from (informative: either kind restores it). */
  source: z.enum(['pglite', 'postgres']),
  /** schema_migrations of the source, in order: the target is migrated to the last one before loading. */
  migrations: z.array(z.string()),
  /** False in a plain (unencrypted) archive: it holds no signing secrets. Older archives held them. */
  signing_secrets: z.boolean().optional(),
  /** `bytes` and `sha256` of each entry let a restore check the whole archive before it writes (older archives lack them). */
  tables: z.array(
    z.object({
      name: z.string(),
      rows: z.number().int().min(0),
      entry: z.string(),
      bytes: z.number().int().min(0).optional(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), last_value: z.string() })),
  media: z.array(z.object({ cid: z.string(), content_type: z.string(), size: z.number().int().min(0), entry: z.string() })),
  /** The live release of each front end that has one (older archives have none), with its files. */
  releases: z
    .array(
      z.object({
        remote: z.string(),
        version: z.string(),
        files: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/), entry: z.string() })),
      }),
    )
    .default([]),
});
export type Manifest = z.infer<typeof Manifest>;

/** Rows that are not the site's data: applied by the migrations, or kept as media entries. */
export const TABLES_NOT_DUMPED = new Set(['schema_migrations', 'media_objects']);
