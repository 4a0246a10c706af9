import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, remoteDir, type RemoteName } from '@site/shared/remotes';

/**
 * Each remote's releases (decision 056): `RELEASES_DIR/<remote>/<version>/` holds one build (the
 * browser's files, `server/` and `release.json`), never changed once it is there, and
 * `RELEASES_DIR/<remote>/live.json` names the live one. The site serves a release at
 * `/releases/<remote>/<version>/`; remotes.json names the live release's entry instead of the
 * remote's own build.
 */

/** The shell's package folder: released like a remote, its browser entry and server container together. */
export const SHELL = 'shell';

/**
 * The path a shell release is built for (SITE_PUBLIC_PATH), as long as a version so that source
 * maps stay aligned: its files are given their own folder's path once the version is known.
 */
export const SHELL_BUILD_PATH = '/releases/shell/00000000T000000000Z-shellrelease/';

/** The front ends that are released on their own, by package folder (`shell`, `mfe-marketing`). */
export const RELEASABLE: readonly string[] = [SHELL, ...REMOTE_NAMES.map(remoteDir)];

/** A version: the time it was made (UTC, so names sort by time) and a hash of its files. */
export const VERSION = /^\d{8}T\d{9}Z-[0-9a-f]{12}$/;

/** `/<remote>/<version>/<file>` inside the releases folder: what the site serves of it (its pointers are not served). */
export const isReleaseFile = (pathName: string): boolean => {
  const [, remote, version, ...rest] = pathName.split('/');
  return RELEASABLE.includes(remote ?? '') && VERSION.test(version ?? '') && rest.length > 0 && !pathName.endsWith('.html');
};

export interface Release {
  remote: string;
  version: string;
  /** ISO time it was made. */
  created_at: string;
}

export interface LivePointer {
  version: string;
  /** ISO time it went live. */
  since: string;
}

export const federationNameOf = (remote: string): RemoteName | undefined => REMOTE_NAMES.find((name) => remoteDir(name) === remote);

/** A version named from the time it was made and its content hash. */
export function versionOf(at: Date, contentHash: string): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${contentHash.slice(0, 12)}`;
}

/** The time a version was made, from its name. */
export function timeOf(version: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(version);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : '';
}

/** The path of a release's files on the site, or their URL on the host they are published to. */
export const releasePath = (remote: string, version: string, baseUrl?: string) => `${baseUrl ? baseUrl.replace(/\/$/, '') : '/releases'}/${remote}/${version}/`;

/** Every release of a remote that is still kept, newest first. */
export async function listReleases(releasesDir: string, remote: string): Promise<Release[]> {
  let names: string[];
  try {
    names = await readdir(path.join(releasesDir, remote));
  } catch {
    return [];
  }
  return names
    .filter((name) => VERSION.test(name))
    .sort()
    .reverse()
    .map((version) => ({ remote, version, created_at: timeOf(version) }));
}

/**
 * Where each remote's live pointer is kept: a file beside its releases (one machine), or on
 * PostgreSQL a row every instance reads, with a NOTIFY that tells them it moved (pointers.ts).
 */
export interface PointerStore {
  /** The live release of a remote, or null while its own build (remotes.json) is live. */
  read(remote: string): Promise<LivePointer | null>;
  /** Makes a release live, all at once. */
  write(remote: string, version: string): Promise<LivePointer>;
}

const pointerFile = (releasesDir: string, remote: string) => path.join(releasesDir, remote, 'live.json');

/** Pointers as files: each written beside the old one and renamed over it, so a reader sees one or the other, never half. */
export function filePointers(releasesDir: string): PointerStore {
  return {
    async read(remote) {
      try {
        const value = JSON.parse(await readFile(pointerFile(releasesDir, remote), 'utf8')) as Partial<LivePointer>;
        return typeof value.version === 'string' && VERSION.test(value.version) ? { version: value.version, since: String(value.since ?? '') } : null;
      } catch {
        return null;
      }
    },
    async write(remote, version) {
      const pointer = { version, since: new Date().toISOString() };
      const file = pointerFile(releasesDir, remote);
      await mkdir(path.dirname(file), { recursive: true });
      const aside = `${file}.${randomUUID()}.tmp`;
      await writeFile(aside, JSON.stringify(pointer));
      await rename(aside, file);
      return pointer;
    },
  };
}

/** The release a rollback makes live: the newest one older than the live one. */
export function previousOf(releases: readonly Release[], live: string | null): Release | undefined {
  if (!live) return undefined;
  return releases.find((release) => release.version < live);
}

/**
 * Deletes the oldest releases beyond `keep`, never the live one: a page opened on a deleted
 * release can no longer load its files.
 */
export async function pruneReleases(releasesDir: string, remote: string, keep: number, live: string | null): Promise<string[]> {
  const stale = (await listReleases(releasesDir, remote)).slice(keep).filter((release) => release.version !== live);
  await Promise.all(stale.map((release) => rm(path.join(releasesDir, remote, release.version), { recursive: true, force: true })));
  return stale.map((release) => release.version);
}

/** Where the site's files are: its own builds (WEB_ROOT) and the releases (RELEASES_DIR). */
export interface SiteFolders {
  webRoot: string;
  releasesDir: string;
}

/** The shell pages are made from: its live release, or its own build before any. */
export interface LiveShell {
  /** The folder of its files (index.html, remotes.json, mf-manifest.json, server/). */
  folder: string;
  /** The path its server container and files are at on the site: `/` or `/releases/shell/<version>/`. */
  path: string;
  version: string | null;
}

export const ownShell = (folders: SiteFolders): LiveShell => ({ folder: path.join(folders.webRoot, SHELL, 'dist'), path: '/', version: null });

/** Shell releases by folder, whether built for the site's root: a kept folder never changes. */
const builtForRootByFolder = new Map<string, boolean>();

/**
 * Whether the shell release in `folder` names its files at the site's root: only the shell's own
 * build, kept as its release zero (zero.ts), is; `pnpm release shell` refuses such a build.
 */
export async function builtForRoot(folder: string): Promise<boolean> {
  const known = builtForRootByFolder.get(folder);
  if (known !== undefined) return known;
  let manifest: { metaData?: { publicPath?: unknown } };
  try {
    manifest = JSON.parse(await readFile(path.join(folder, 'mf-manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    // Not on this instance (yet): asked again next time.
    return false;
  }
  const answer = manifest.metaData?.publicPath === '/';
  builtForRootByFolder.set(folder, answer);
  return answer;
}

export async function liveShell(folders: SiteFolders, pointers: PointerStore): Promise<LiveShell> {
  const pointer = await pointers.read(SHELL);
  if (!pointer) return ownShell(folders);
  const folder = path.join(folders.releasesDir, SHELL, pointer.version);
  // The shell the site was started with: its page and chunks are the own build's, at the root (a
  // rollback to it checks the root still serves that build).
  if (await builtForRoot(folder)) return { ...ownShell(folders), version: pointer.version };
  return { folder, path: releasePath(SHELL, pointer.version), version: pointer.version };
}

/**
 * The remote list the browser and the server render read: the live shell's remotes.json, with each
 * remote that has a live release pointed at that release's entry. A live release whose files are not
 * on this machine (a restore from an archive that did not carry them, a folder removed) leaves that
 * remote on its own build, told to `onMissing`, never pointing browsers at a 404.
 */
export async function liveRemotes(
  folders: SiteFolders,
  pointers: PointerStore,
  baseUrl?: string,
  shell?: LiveShell,
  onMissing?: (remote: string, version: string) => void,
): Promise<Record<string, string>> {
  const { folder } = shell ?? (await liveShell(folders, pointers));
  const remotes = JSON.parse(await readFile(path.join(folder, 'remotes.json'), 'utf8')) as Record<string, string>;
  const live = await Promise.all(RELEASABLE.filter((remote) => remote !== SHELL).map(async (remote) => [remote, await pointers.read(remote)] as const));
  for (const [remote, pointer] of live) {
    const name = federationNameOf(remote);
    if (!name || !pointer) continue;
    const here = await access(path.join(folders.releasesDir, remote, pointer.version, 'remoteEntry.js')).then(() => true, () => false);
    if (here) remotes[name] = `${releasePath(remote, pointer.version, baseUrl)}remoteEntry.js`;
    else onMissing?.(remote, pointer.version);
  }
  return remotes;
}
