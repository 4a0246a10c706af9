import path from 'node:path';
import { checkRenders, compatibilityProblems, readManifest, ReleaseRefused, shellCompatibilityProblems, type RenderFigures } from './checks';
import { buildCandidate, copyCandidate, discardCandidate, keepCandidate, publish } from './make';
import { assertShellBuiltForRelease, liveManifests, placeShellRelease } from './shell';
import { federationNameOf, listReleases, liveRemotes, liveShell, previousOf, pruneReleases, RELEASABLE, releasePath, SHELL, type LivePointer, type PointerStore } from './store';

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
 * gives it its version and makes it live. A refused candidate is deleted: nothing changed.
 */
export async function release(site: ReleaseSite, remote: string, options: { from?: string } = {}): Promise<Released> {
  assertReleasable(remote);
  const folders = { webRoot: site.webRoot, releasesDir: site.releasesDir };
  const candidate = options.from ? await copyCandidate(site.releasesDir, remote, path.resolve(options.from)) : await buildCandidate(site.repoRoot, site.releasesDir, remote);
  let made: { version: string; figures: Awaited<ReturnType<typeof checkRenders>> };
  try {
    // The live shell and remotes as this machine has them; the candidate from its folder.
    const shell = await liveShell(folders, site.pointers);
    const live = await liveRemotes(folders, site.pointers, undefined, shell);
    const manifest = await readManifest(candidate.folder);
    const problems =
      remote === SHELL
        ? shellCompatibilityProblems(manifest, await liveManifests(folders, live))
        : compatibilityProblems(federationNameOf(remote)!, manifest, await readManifest(shell.folder));
    if (problems.length > 0) throw new ReleaseRefused(problems.join('; '));
    if (remote === SHELL) await assertShellBuiltForRelease(candidate.folder);
    const figures = await checkRenders({ roots: folders, live, shellPath: shell.path, remote, candidateFolder: candidate.folder, budgetMs: site.budgetMs });
    // A shell's files name their own folder (its index.html and chunks): they learn it with their version.
    const place = remote === SHELL ? (folder: string, version: string) => placeShellRelease(site.repoRoot, folder, releasePath(SHELL, version, site.baseUrl)) : undefined;
    const version = await keepCandidate(site.releasesDir, candidate, new Date(), place);
    candidate.folder = path.join(site.releasesDir, remote, version);
    if (site.publish) await publish(site.publish, candidate.folder, releasePath(remote, version, site.baseUrl));
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

/** Makes the release before the live one live again, without building. */
export async function rollback(site: Pick<ReleaseSite, 'releasesDir' | 'pointers'>, remote: string): Promise<LivePointer> {
  assertReleasable(remote);
  const live = await site.pointers.read(remote);
  const previous = previousOf(await listReleases(site.releasesDir, remote), live?.version ?? null);
  if (!previous) throw new ReleaseRefused(live ? `${remote} has no release before ${live.version}` : `${remote} has no live release`);
  return site.pointers.write(remote, previous.version);
}

export interface ReleaseLine {
  version: string;
  created_at: string;
  live: boolean;
}

/** A remote's kept releases, newest first, with the live one marked. */
export async function releasesOf(site: Pick<ReleaseSite, 'releasesDir' | 'pointers'>, remote: string): Promise<ReleaseLine[]> {
  assertReleasable(remote);
  const live = (await site.pointers.read(remote))?.version;
  return (await listReleases(site.releasesDir, remote)).map((entry) => ({ version: entry.version, created_at: entry.created_at, live: entry.version === live }));
}
