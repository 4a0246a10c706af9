import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rawCid } from './cid';
import { mediaObjects } from './table';

export interface StoredMedia {
  cid: string;
  contentType: string;
  size: number;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** Content-addressed media: same bytes, same CID, so a repeated upload changes nothing. */
export interface MediaStore {
  put(bytes: Uint8Array, contentType: string): Promise<StoredMedia>;
  info(cid: string): Promise<StoredMedia | null>;
  /** The file's bytes (or the inclusive range of them), read as they are sent. */
  stream(cid: string, range?: ByteRange): Readable;
  /** Every stored file (for `media:derive`). */
  list(): Promise<StoredMedia[]>;
  /** Forgets a file (an original replaced by its cleaned copy); no error if it is not there. */
  remove(cid: string): Promise<void>;
}

/**
 * The embedded store: DATA_DIR/media/<cid> with <cid>.json beside it for the content type. Only
 * the instance that received a file has it, so it is for a single instance (the PGlite default).
 */
export class DiskMediaStore implements MediaStore {
  constructor(readonly dir: string) {}

  private file(cid: string) {
    return path.join(this.dir, cid);
  }

  async put(bytes: Uint8Array, contentType: string): Promise<StoredMedia> {
    const cid = await rawCid(bytes);
    await mkdir(this.dir, { recursive: true });
    const existing = await this.info(cid);
    if (existing) return existing;
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const tmp = `${this.file(cid)}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, bytes);
    await writeFile(`${tmp}.json`, JSON.stringify({ contentType }));
    await rename(`${tmp}.json`, `${this.file(cid)}.json`);
    await rename(tmp, this.file(cid));
    return { cid, contentType, size: bytes.byteLength };
  }

  async info(cid: string): Promise<StoredMedia | null> {
    try {
      const [meta, stats] = await Promise.all([readFile(`${this.file(cid)}.json`, 'utf8'), stat(this.file(cid))]);
      return { cid, contentType: (JSON.parse(meta) as { contentType: string }).contentType, size: stats.size };
    } catch {
      return null;
    }
  }

  stream(cid: string, range?: ByteRange): Readable {
    return createReadStream(this.file(cid), range);
  }

  async list(): Promise<StoredMedia[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const found = await Promise.all(names.filter((name) => name.endsWith('.json') && !name.endsWith('.tmp.json')).map((name) => this.info(name.slice(0, -5))));
    return found.filter((media): media is StoredMedia => media !== null);
  }

  async remove(cid: string): Promise<void> {
    await rm(this.file(cid), { force: true });
    await rm(`${this.file(cid)}.json`, { force: true });
  }
}

/** How much of a file one query reads: a video is sent in slices, never held whole in memory. */
export const MEDIA_READ_SLICE_BYTES = 256 * 1024;

/**
 * Media in PostgreSQL (table media_objects), so that every instance behind a load balancer serves
 * every file. The bytes column is stored uncompressed out of line, so substring() reads only the
 * part of a file asked for.
 */
export class DatabaseMediaStore implements MediaStore {
  constructor(private readonly db: Db) {}

  async put(bytes: Uint8Array, contentType: string): Promise<StoredMedia> {
    const cid = await rawCid(bytes);
    const existing = await this.info(cid);
    if (existing) return existing;
    await this.db
      .insert(mediaObjects)
      .values({ cid, contentType, size: bytes.byteLength, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
      .onConflictDoNothing({ target: mediaObjects.cid });
    return { cid, contentType, size: bytes.byteLength };
  }

  async info(cid: string): Promise<StoredMedia | null> {
    const [row] = await this.db
      .select({ cid: mediaObjects.cid, contentType: mediaObjects.contentType, size: mediaObjects.size })
      .from(mediaObjects)
      .where(eq(mediaObjects.cid, cid));
    return row ?? null;
  }

  /** One slice: `length` bytes from the 0-based `offset` (substring counts from 1). */
  async slice(cid: string, offset: number, length: number): Promise<Buffer> {
    const result = await this.db.execute<{ chunk: Buffer | Uint8Array }>(
      sql`SELECT substring(${mediaObjects.bytes} FROM ${offset + 1}::integer FOR ${length}::integer) AS chunk FROM ${mediaObjects} WHERE ${mediaObjects.cid} = ${cid}`,
    );
    const chunk = (result as unknown as { rows: { chunk: Buffer | Uint8Array }[] }).rows[0]?.chunk;
    if (!chunk) throw new Error(`media ${cid} disappeared while being read`);
    return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  }

  stream(cid: string, range?: ByteRange): Readable {
    return Readable.from(this.slices(cid, range), { objectMode: false });
  }

  list(): Promise<StoredMedia[]> {
    return this.db.select({ cid: mediaObjects.cid, contentType: mediaObjects.contentType, size: mediaObjects.size }).from(mediaObjects);
  }

  async remove(cid: string): Promise<void> {
    await this.db.delete(mediaObjects).where(eq(mediaObjects.cid, cid));
  }

  private async *slices(cid: string, range?: ByteRange): AsyncGenerator<Buffer> {
    const start = range?.start ?? 0;
    const end = range?.end ?? ((await this.info(cid))?.size ?? 0) - 1;
    for (let offset = start; offset <= end; offset += MEDIA_READ_SLICE_BYTES) {
      yield await this.slice(cid, offset, Math.min(MEDIA_READ_SLICE_BYTES, end - offset + 1));
    }
  }
}
