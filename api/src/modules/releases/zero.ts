import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { readManifest, ReleaseRefused } from './checks';
import { exclusively } from './lock';
import { copyCandidate, discardCandidate, keepCandidate, publish } from './make';
import { listReleases, RELEASABLE, releasePath, type PointerStore, type Release } from './store';

/**
 * Release zero (decision 067): the build each front end is served from when the site first starts
 * (its own build in WEB_ROOT) is kept as its first release, in a folder like any other's, so that a
 * rollback after the first release restores it. It is the build the instance already composes and
 * renders: it is copied and hashed, not checked again (no render); its manifest checks run, as for
 * any release, when a rollback makes it live again.
 */

/** Where a front end's own build is: what pages are made of while no release of it is live. */
export const ownBuildOf = (webRoot: string, remote: string) => path.join(webRoot, remote, 'dist');

/**
 * The files that tell two builds apart without reading them all: the manifest names every browser
 * file by its content hash, and a shell's page names its own.
 */
const IDENTITY = ['mf-manifest.json', 'index.html'] as const;

const bytesOf = (file: string) => readFile(file).catch(() => null);

/** Whether the release in `folder` is the build WEB_ROOT serves as the front end's own. */
export async function isOwnBuild(webRoot: string, remote: string, folder: string): Promise<boolean> {
  for (const name of IDENTITY) {
    const [own, kept] = await Promise.all([bytesOf(path.join(ownBuildOf(webRoot, remote), name)), bytesOf(path.join(folder, name))]);
    if (name === 'mf-manifest.json' && (!own || !kept)) return false;
    if (own === null ? kept !== null : kept === null || !own.equals(kept)) return false;
  }
  return true;
}

async function isReleaseZero(folder: string): Promise<boolean> {
  try {
    return (JSON.parse(await readFile(path.join(folder, 'release.json'), 'utf8')) as { release_zero?: unknown }).release_zero === true;
  } catch {
    return false;
  }
}

/**
 * The release that is live while no pointer names one: release zero (the oldest kept), as long as
 * WEB_ROOT still serves the build it was made of. Null otherwise.
 */
export async function ownBuildRelease(site: { webRoot: string; releasesDir: string }, remote: string, releases: readonly Release[]): Promise<string | null> {
  const first = releases.at(-1);
  if (!first) return null;
  const folder = path.join(site.releasesDir, remote, first.version);
  return (await isReleaseZero(folder)) && (await isOwnBuild(site.webRoot, remote, folder)) ? first.version : null;
}

/** What recording release zero needs of the site (the instance's own settings). */
export interface StartingSite {
  webRoot: string;
  releasesDir: string;
  pointers: PointerStore;
  baseUrl?: string;
  publish?: string;
  lockWaitMs?: number;
}

/**
 * Keeps `remote`'s own build as its first release, unless it has a release kept or live already
 * (an earlier start, another instance, or a `pnpm release`): checked and written under the release
 * lock, so two instances starting together keep one. The version kept, or null.
 */
export async function recordReleaseZero(site: StartingSite, remote: string): Promise<string | null> {
  const own = ownBuildOf(site.webRoot, remote);
  try {
    // Not built where this instance serves it from: nothing to keep.
    await readManifest(own);
  } catch {
    return null;
  }
  return exclusively(
    site.releasesDir,
    async (held) => {
      if ((await site.pointers.read(remote)) || (await listReleases(site.releasesDir, remote)).length > 0) return null;
      const candidate = await copyCandidate(site.releasesDir, remote, own);
      try {
        held();
        const version = await keepCandidate(site.releasesDir, candidate, new Date(), undefined, { release_zero: true });
        candidate.folder = path.join(site.releasesDir, remote, version);
        // Published where releases are served from, as any release is before it can be made live.
        if (site.publish) await publish(site.publish, candidate.folder, releasePath(remote, version, site.baseUrl));
        return version;
      } catch (error) {
        await discardCandidate(candidate);
        throw error;
      }
    },
    site.lockWaitMs,
  );
}

export interface StartingBuilds {
  /** The release zero kept now, by front end. */
  recorded: Record<string, string>;
  /** Why a front end's could not be kept (it is tried again at the next start). */
  failed: Record<string, string>;
}

/** How a start waits for a release or rollback under way (it holds the lock) before trying again. */
export interface Patience {
  /** Ends the waiting (the instance is closing): what is not kept yet is tried at the next start. */
  signal?: AbortSignal;
  /** Between two tries. */
  retryMs?: number;
  /** How long a start keeps trying: longer than a build and release. */
  untilMs?: number;
  /** Told of each wait, with the front end waiting. */
  onWait?: (remote: string) => void;
}

/**
 * Release zero of every front end, one after another (each holds the lock only for its own copy).
 * A release under way holds the lock: the front ends it does not release are kept once it is done.
 */
export async function recordStartingBuilds(site: StartingSite, { signal, retryMs = 5_000, untilMs = 15 * 60_000, onWait }: Patience = {}): Promise<StartingBuilds> {
  const result: StartingBuilds = { recorded: {}, failed: {} };
  const deadline = Date.now() + untilMs;
  for (const remote of RELEASABLE) {
    if (signal?.aborted) {
      result.failed[remote] = 'the instance closed before it was kept';
      continue;
    }
    for (;;) {
      try {
        const version = await recordReleaseZero(site, remote);
        if (version) result.recorded[remote] = version;
      } catch (error) {
        const underWay = error instanceof ReleaseRefused && error.code === 'release_under_way';
        if (underWay && !signal?.aborted && Date.now() + retryMs < deadline) {
          onWait?.(remote);
          await delay(retryMs, undefined, { signal }).catch(() => undefined);
          if (!signal?.aborted) continue;
        }
        result.failed[remote] = (error as Error).message;
      }
      break;
    }
  }
  return result;
}
