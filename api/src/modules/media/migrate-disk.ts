import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCid, rawCid } from './cid';
import type { DiskMediaStore, MediaStore } from './store';

export interface MediaMigration {
  copied: string[];
  alreadyThere: string[];
  /** Files whose bytes do not hash to their name, or without their content type: left alone. */
  skipped: { name: string; reason: string }[];
}

/** Copies every file of the disk store into `target` (the PostgreSQL store); safe to run again. */
export async function migrateDiskMedia(disk: DiskMediaStore, target: MediaStore): Promise<MediaMigration> {
  const result: MediaMigration = { copied: [], alreadyThere: [], skipped: [] };
  let names: string[];
  try {
    names = await readdir(disk.dir);
  } catch {
    return result;
  }
  for (const name of names.sort()) {
    if (name.endsWith('.json') || name.endsWith('.tmp')) continue;
    const cid = parseCid(name);
    if (!cid || cid !== name) {
      result.skipped.push({ name, reason: 'not a CID' });
      continue;
    }
    const info = await disk.info(cid);
    if (!info) {
      result.skipped.push({ name, reason: 'no content type beside it' });
      continue;
    }
    if (await target.info(cid)) {
      result.alreadyThere.push(cid);
      continue;
    }
    const bytes = await readFile(path.join(disk.dir, name));
    if ((await rawCid(bytes)) !== cid) {
      result.skipped.push({ name, reason: 'its bytes do not match its CID' });
      continue;
    }
    await target.put(bytes, info.contentType);
    result.copied.push(cid);
  }
  return result;
}
