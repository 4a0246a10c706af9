import path from 'node:path';
import { checkManifests, checkRenders, ReleaseRefused, type RenderFigures } from './checks';
import { exclusively } from './lock';
import { buildCandidate, copyCandidate, discardCandidate, keepCandidate, publish } from './make';
import { assertShellBuiltForRelease, placeShellRelease } from './shell';
import { builtForRoot, listReleases, previousOf, pruneReleases, RELEASABLE, releasePath, SHELL, type LivePointer, type PointerStore } from './store';
import { isOwnBuild, ownBuildRelease } from './zero';

/** Where releases are made and served, as the running site sees it (the same settings as `pnpm start`). */
export interface ReleaseSite {
  repoRoot: string;
  webRoot: string;
  releasesDir: string;
  /** Releases kept (and served) per remote. */
  keep: number;
  /** The render budget a page of the release must stay within. */
  budgetMs: number;
  /** Where the live pointers are (a file per remote, or PostgreSQL's rows). */
  pointers: PointerStore;
  /** Where releases are published for browsers and the server render, when not on this site. */
  baseUrl?: string;
  /** Publishes a checked release to `baseUrl` before it goes live (a shell command, see README). */
  publish?: string;
  /** How long a release or rollback waits for another under way before refusing (lock.ts). */
  lockWaitMs?: number;
}

export function assertReleasable(remote: string): void {
  if (!RELEASABLE.includes(remote)) throw new ReleaseRefused(`${remote} is not a front end of this site: one of ${RELEASABLE.join(', ')}`);
}

export interface Released extends RenderFigures {
  version: string;
  pruned: string[];
}

/**
 * Builds the remote (or takes the build in `from`), checks it against the live site, and only then
 * gives it its version and makes it live. A refused candidate is deleted: nothing changed. One
 * release or rollback at a time (lock.ts).
 */
export async function release(site: ReleaseSite, remote: string, options: { from?: string } = {}): Promise<Released> {
  assertReleasable(remote);
  return exclusively(site.releasesDir, (held) => releaseHeld(site, remote, options, held), site.lockWaitMs);
}

async function releaseHeld(site: ReleaseSite, remote: string, options: { from?: string }, held: () => void): Promise<Released> {
  const folders = { webRoot: site.webRoot, releasesDir: site.releasesDir };
  const candidate = options.from ? await copyCandidate(site.releasesDir, remote, path.resolve(options.from)) : await buildCandidate(site.repoRoot, site.releasesDir, remote);
  let made: { version: string; figures: Awaited<ReturnType<typeof checkRenders>> };
  try {
    // The live shell and remotes as this machine has them; the candidate from its folder.
    const { shell, live } = await checkManifests(folders, site.pointers, remote, candidate.folder);
    if (remote === SHELL) await assertShellBuiltForRelease(candidate.folder);
    const figures = await checkRenders({ roots: folders, live, shellPath: shell.path, remote, candidateFolder: candidate.folder, budgetMs: site.budgetMs });
    // A shell's files name their own folder (its index.html and chunks): they learn it with their version.
    const place = remote === SHELL ? (folder: string, version: string) => placeShellRelease(site.repoRoot, folder, releasePath(SHELL, version, site.baseUrl)) : undefined;
    const version = await keepCandidate(site.releasesDir, candidate, new Date(), place);
    candidate.folder = path.join(site.releasesDir, remote, version);
    if (site.publish) await publish(site.publish, candidate.folder, releasePath(remote, version, site.baseUrl));
    held();
    await site.pointers.write(remote, version);
    made = { version, figures };
  } catch (error) {
    await discardCandidate(candidate);
    throw error;
  }
  // Live now: forgetting old releases is housekeeping, and its failure must not undo the switch.
  const pruned = await pruneReleases(site.releasesDir, remote, site.keep, made.version).catch((error: unknown) => {
    console.error(`Old releases of ${remote} were not removed: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  });
  return { version: made.version, ...made.figures, pruned };
}

/** What a rollback needs of the site: no build, no render. */
export type RollbackSite = Pick<ReleaseSite, 'webRoot' | 'releasesDir' | 'pointers' | 'lockWaitMs'>;

/**
 * Makes the release before the live one live again, without building, once it passes the manifest
 * checks against what it would be composed with (the live shell, or the live remotes for a shell).
 */
export async function rollback(site: RollbackSite, remote: string): Promise<LivePointer> {
  assertReleasable(remote);
  return exclusively(
    site.releasesDir,
    async (held) => {
      const releases = await listReleases(site.releasesDir, remote);
      const live = (await site.pointers.read(remote))?.version ?? (await ownBuildRelease(site, remote, releases));
      const previous = previousOf(releases, live);
      if (!previous) throw new ReleaseRefused(live ? `${remote} has no release before ${live}` : `${remote} has no live release`, 'no_earlier_release');
      const folders = { webRoot: site.webRoot, releasesDir: site.releasesDir };
      const folder = path.join(site.releasesDir, remote, previous.version);
      try {
        await checkManifests(folders, site.pointers, remote, folder);
        // The shell the site was started with is served from the root: only while the root still has it.
        if (remote === SHELL && (await builtForRoot(folder)) && !(await isOwnBuild(site.webRoot, remote, folder))) {
          throw new ReleaseRefused("it is the build the site was started with, whose files are at the site's root, and the root now serves another build");
        }
      } catch (error) {
        if (error instanceof ReleaseRefused) throw new ReleaseRefused(`${remote} ${previous.version} cannot be made live again: ${error.message}`);
        throw error;
      }
      held();
      return site.pointers.write(remote, previous.version);
    },
    site.lockWaitMs,
  );
}

export interface ReleaseLine {
  version: string;
  created_at: string;
  live: boolean;
}

/**
 * A remote's kept releases, newest first, with the live one marked: while no release is live, its
 * release zero, if the site still serves the build it was made of.
 */
export async function releasesOf(site: Pick<ReleaseSite, 'webRoot' | 'releasesDir' | 'pointers'>, remote: string): Promise<ReleaseLine[]> {
  assertReleasable(remote);
  const releases = await listReleases(site.releasesDir, remote);
  const live = (await site.pointers.read(remote))?.version ?? (await ownBuildRelease(site, remote, releases));
  return releases.map((entry) => ({ version: entry.version, created_at: entry.created_at, live: entry.version === live }));
}
