import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { rawCid } from './cid';

export interface StoredMedia {
  cid: string;
  contentType: string;
  size: number;
}

/**
 * The embedded content-addressed store: DATA_DIR/media/<cid> with <cid>.json beside it for the
 * content type. Same bytes, same CID, so a repeated upload just rewrites the same file.
 */
export class MediaStore {
  constructor(private readonly dir: string) {}

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

  stream(cid: string, range?: { start: number; end: number }) {
    return createReadStream(this.file(cid), range);
  }
}
