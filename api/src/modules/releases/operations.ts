import path from 'node:path';
import { checkRenders, compatibilityProblems, readManifest, ReleaseRefused, type RenderFigures } from './checks';
import { buildCandidate, copyCandidate, discardCandidate, keepCandidate } from './make';
import { federationNameOf, listReleases, livePointer, liveRemotes, previousOf, pruneReleases, RELEASABLE, setLive, type LivePointer } from './store';

/** Where releases are made and served, as the running site sees it (the same settings as `pnpm start`). */
export interface ReleaseSite {
  repoRoot: string;
  webRoot: string;
  releasesDir: string;
  /** Releases kept (and served) per remote. */
  keep: number;
  /** The render budget a page of the release must stay within. */
  budgetMs: number;
  /** Tells the running instances (PostgreSQL: NOTIFY) that a pointer moved; they look at the files anyway. */
  announce?: (remote: string, version: string) => Promise<void>;
}

export function assertReleasable(remote: string): void {
  if (!RELEASABLE.includes(remote)) throw new ReleaseRefused(`${remote} is not a remote of this site: one of ${RELEASABLE.join(', ')}`);
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
  const name = federationNameOf(remote)!;
  const candidate = options.from ? await copyCandidate(site.releasesDir, remote, path.resolve(options.from)) : await buildCandidate(site.repoRoot, site.releasesDir, remote);
  try {
    const shellManifest = await readManifest(path.join(site.webRoot, 'shell', 'dist'));
    const problems = compatibilityProblems(name, await readManifest(candidate.folder), shellManifest);
    if (problems.length > 0) throw new ReleaseRefused(problems.join('; '));
    const figures = await checkRenders({
      roots: { webRoot: site.webRoot, releasesDir: site.releasesDir },
      live: await liveRemotes(site.webRoot, site.releasesDir),
      remote,
      candidateFolder: candidate.folder,
      budgetMs: site.budgetMs,
    });
    const version = await keepCandidate(site.releasesDir, candidate);
    await switchTo(site, remote, version);
    return { version, ...figures, pruned: await pruneReleases(site.releasesDir, remote, site.keep) };
  } catch (error) {
    await discardCandidate(candidate);
    throw error;
  }
}

async function switchTo(site: ReleaseSite, remote: string, version: string): Promise<LivePointer> {
  const pointer = await setLive(site.releasesDir, remote, version);
  await site.announce?.(remote, version);
  return pointer;
}

/** Makes the release before the live one live again, without building. */
export async function rollback(site: ReleaseSite, remote: string): Promise<LivePointer> {
  assertReleasable(remote);
  const live = await livePointer(site.releasesDir, remote);
  const previous = previousOf(await listReleases(site.releasesDir, remote), live?.version ?? null);
  if (!previous) throw new ReleaseRefused(live ? `${remote} has no release before ${live.version}` : `${remote} has no live release`);
  return switchTo(site, remote, previous.version);
}

export interface ReleaseLine {
  version: string;
  created_at: string;
  live: boolean;
}

/** A remote's kept releases, newest first, with the live one marked. */
export async function releasesOf(site: Pick<ReleaseSite, 'releasesDir'>, remote: string): Promise<ReleaseLine[]> {
  assertReleasable(remote);
  const live = (await livePointer(site.releasesDir, remote))?.version;
  return (await listReleases(site.releasesDir, remote)).map((entry) => ({ version: entry.version, created_at: entry.created_at, live: entry.version === live }));
}
