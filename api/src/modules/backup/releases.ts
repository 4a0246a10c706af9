import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { filePointers, RELEASABLE, VERSION, type PointerStore } from '../releases/store';
import { releaseEntry, type Manifest } from './format';

type CarriedRelease = Manifest['releases'][number];

/** Where the site keeps its releases and which of them are live: what a backup carries of them. */
export interface ReleaseSource {
  dir: string;
  pointers: PointerStore;
}

async function filesUnder(root: string, dir = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of (await readdir(path.join(root, dir), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const name = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(root, name)));
    else if (entry.isFile()) files.push(name);
  }
  return files;
}

async function sha256Of(file: string): Promise<string> {
  const digest = createHash('sha256');
  for await (const chunk of createReadStream(file)) digest.update(chunk as Buffer);
  return digest.digest('hex');
}

export const releaseFolder = (dir: string, release: { remote: string; version: string }) => path.join(dir, release.remote, release.version);

/**
 * The live release of each front end that has one, with its files: a site restored on a new machine
 * (an empty RELEASES_DIR) serves what was live, not 404s. Releases never change once made, so
 * listing them beside the database's snapshot is consistent. A live release whose folder is not on
 * this machine is left out: the restored site serves that front end's own build (and says so).
 */
export async function liveReleases(source: ReleaseSource): Promise<CarriedRelease[]> {
  const releases: CarriedRelease[] = [];
  for (const remote of RELEASABLE) {
    const pointer = await source.pointers.read(remote);
    if (!pointer) continue;
    const folder = releaseFolder(source.dir, { remote, version: pointer.version });
    let names: string[];
    try {
      names = await filesUnder(folder);
    } catch {
      continue;
    }
    const files: CarriedRelease['files'] = [];
    for (const name of names) {
      const file = path.join(folder, name);
      files.push({ path: name, size: (await stat(file)).size, sha256: await sha256Of(file), entry: releaseEntry(remote, pointer.version, name) });
    }
    releases.push({ remote, version: pointer.version, files });
  }
  return releases;
}

/** Why a carried release cannot be written where its names say, or null: names come from the archive. */
export function releaseProblem(release: CarriedRelease): string | null {
  if (!RELEASABLE.includes(release.remote) || !VERSION.test(release.version)) return `it names a release that is not the site's, ${release.remote}/${release.version}`;
  for (const file of release.files) {
    const clean = path.posix.normalize(file.path);
    if (clean !== file.path || clean.startsWith('/') || clean.split('/').includes('..') || file.entry !== releaseEntry(release.remote, release.version, file.path)) {
      return `it names a release file outside its folder, ${file.entry}`;
    }
  }
  return null;
}

export interface ReleaseWriter {
  /** Writes one file of the release being written (the next, in the manifest's order). */
  file(release: CarriedRelease, file: CarriedRelease['files'][number], bytes: Readable): Promise<void>;
  /** Puts a written release in place (a folder renamed at once; one already there is kept). */
  done(release: CarriedRelease): Promise<void>;
  /** Makes the carried releases live where pointers are files (PGlite; on PostgreSQL they are restored rows). */
  point(manifest: Manifest): Promise<void>;
  /** Removes what was written: the restore failed. */
  undo(): Promise<void>;
}

/** Writes carried releases into `dir`, each into a folder of its own that is renamed into place once whole. */
export function releaseWriter(dir: string): ReleaseWriter {
  const placed: string[] = [];
  const partial = new Map<string, string>();
  const exists = (folder: string) => stat(folder).then(() => true, () => false);
  const partialOf = (release: CarriedRelease) => `${release.remote}/${release.version}`;
  return {
    async file(release, file, bytes) {
      const key = partialOf(release);
      if (!partial.has(key)) {
        // Releases never change: one already on this machine is kept as it is.
        if (await exists(releaseFolder(dir, release))) partial.set(key, '');
        else partial.set(key, path.join(dir, release.remote, `.restoring-${randomUUID()}`));
      }
      const into = partial.get(key)!;
      if (!into) {
        bytes.resume();
        return;
      }
      const target = path.join(into, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(bytes, createWriteStream(target));
    },
    async done(release) {
      const key = partialOf(release);
      const into = partial.get(key);
      partial.delete(key);
      if (!into) return;
      await rename(into, releaseFolder(dir, release));
      placed.push(releaseFolder(dir, release));
    },
    async point(manifest) {
      const pointers = filePointers(dir);
      const live = new Set(manifest.releases.map((release) => release.remote));
      for (const release of manifest.releases) await pointers.write(release.remote, release.version);
      // The restored site is the archive's: a pointer left from before names no live release of it.
      for (const remote of RELEASABLE.filter((name) => !live.has(name))) await rm(path.join(dir, remote, 'live.json'), { force: true });
    },
    async undo() {
      await Promise.all([...placed, ...partial.values()].filter(Boolean).map((folder) => rm(folder, { recursive: true, force: true })));
    },
  };
}
