import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { finished, pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import type { MediaStore } from '../media/store';
import { packArchive } from './archive';
import type { ReleaseSource } from './releases';
import { encryptArchive } from './encryption';
import { digestKeyOf } from './keyed-digest';
import type { Manifest } from './format';
import { takeSnapshot } from './snapshot';

export interface Backup {
  manifest: Manifest;
  /** The archive's bytes (age-encrypted when a key was given); read it once. */
  archive: Readable;
  encrypted: boolean;
  /** A file name that says what it is and when it was taken. */
  filename: string;
}

export function backupFilename(createdAt: string, encrypted: boolean): string {
  return `site-backup-${createdAt.replace(/[:.]/g, '-')}.tar${encrypted ? '.age' : ''}`;
}

/**
 * Takes a snapshot and streams it as an archive; the spooled rows are deleted once it is read or
 * abandoned. The signing secrets travel only in an encrypted archive: a site restored from a plain
 * one makes new secrets, so the tokens and links signed before no longer count.
 */
export async function makeBackup(database: Database, store: MediaStore, key: string | undefined, releases?: ReleaseSource): Promise<Backup> {
  const snapshot = await takeSnapshot(database, store, { withSecrets: Boolean(key), releases });
  try {
    const plain = packArchive(snapshot, store, digestKeyOf(key));
    const archive = key ? await encryptArchive(plain, key) : plain;
    finished(archive).catch(() => undefined).finally(() => void snapshot.discard());
    const { created_at } = snapshot.manifest;
    return { manifest: snapshot.manifest, archive, encrypted: Boolean(key), filename: backupFilename(created_at, Boolean(key)) };
  } catch (error) {
    await snapshot.discard();
    throw error;
  }
}

/**
 * Writes a backup to the file `fileFor` names (given the backup's own file name), under a temporary
 * name first, so a half-written file never has its name.
 */
export async function writeBackupFile(
  database: Database,
  store: MediaStore,
  key: string | undefined,
  fileFor: (filename: string) => string,
  releases?: ReleaseSource,
): Promise<{ manifest: Manifest; file: string; size: number }> {
  const backup = await makeBackup(database, store, key, releases);
  const file = fileFor(backup.filename);
  const partial = `${file}.partial`;
  try {
    await pipeline(backup.archive, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    backup.archive.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  return { manifest: backup.manifest, file, size: (await stat(file)).size };
}
