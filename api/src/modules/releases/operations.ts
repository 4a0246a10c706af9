import path from 'node:path';
import { checkManifests, checkRenders, ReleaseRefused, type RenderFigures } from './checks';
import { exclusively } from './lock';
import { buildCandidate, copyCandidate, discardCandidate, keepCandidate, publish } from './make';
import { assertShellBuiltForRelease, placeShellRelease } from './shell';
import { builtForRoot, listReleases, previousOf, pruneReleases, RELEASABLE, releasePath, SHELL, type LivePointer, type PointerStore } from './store';
import { running, type Trial, type TrialStore } from './trials';
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
  /** Where the release on trial is (preview or canary, trials.ts). */
  trials: TrialStore;
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

/** How a checked release is put on the site: live at once, or on trial (admins only, or a share of visitors). */
export type ReleaseMode = { kind: 'live' } | { kind: 'preview' } | { kind: 'canary'; percent: number };

/** One trial at a time: another is ended (promoted or rolled back) first. */
async function assertNoTrial(trials: TrialStore): Promise<void> {
  const trial = running(await trials.read());
  if (trial) {
    throw new ReleaseRefused(`a ${trial.kind} of ${trial.remote} ${trial.version} is running: promote it (pnpm promote ${trial.remote} ${trial.version}) or roll it back (pnpm rollback ${trial.remote}) first`, 'trial_running');
  }
}

/**
 * Builds the remote (or takes the build in `from`), checks it against the live site, and only then
 * gives it its version and makes it live. A refused candidate is deleted: nothing changed. One
 * release or rollback at a time (lock.ts).
 */
export async function release(site: ReleaseSite, remote: string, options: { from?: string; mode?: ReleaseMode } = {}): Promise<Released> {
  assertReleasable(remote);
  const mode = options.mode ?? { kind: 'live' };
  if (mode.kind === 'canary' && !(Number.isInteger(mode.percent) && mode.percent >= 1 && mode.percent <= 99)) {
    throw new ReleaseRefused('a canary goes to a whole percentage of visitors from 1 to 99');
  }
  return exclusively(site.releasesDir, (held) => releaseHeld(site, remote, options, held), site.lockWaitMs);
}

async function releaseHeld(site: ReleaseSite, remote: string, options: { from?: string; mode?: ReleaseMode }, held: () => void): Promise<Released> {
  // Refused before anything is built: a live release beside a trial would change what the candidate is compared with.
  await assertNoTrial(site.trials);
  const mode = options.mode ?? { kind: 'live' };
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
    if (mode.kind === 'live') await site.pointers.write(remote, version);
    else await site.trials.write({ remote, version, kind: mode.kind, percent: mode.kind === 'canary' ? mode.percent : 0, since: new Date().toISOString() });
    made = { version, figures };
  } catch (error) {
    await discardCandidate(candidate);
    throw error;
  }
  // Live now: forgetting old releases is housekeeping, and its failure must not undo the switch.
  const live = mode.kind === 'live' ? made.version : ((await site.pointers.read(remote))?.version ?? null);
  const pruned = await pruneReleases(site.releasesDir, remote, site.keep, live).catch((error: unknown) => {
    console.error(`Old releases of ${remote} were not removed: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  });
  return { version: made.version, ...made.figures, pruned };
}

/** What a rollback needs of the site: no build, no render. */
export type RollbackSite = Pick<ReleaseSite, 'webRoot' | 'releasesDir' | 'pointers' | 'trials' | 'lockWaitMs'>;

export interface RolledBack extends LivePointer {
  /** The trial the rollback ended (its candidate no longer shown), when one ran for the remote. */
  ended?: Trial;
}

/**
 * Makes the release before the live one live again, without building, once it passes the manifest
 * checks against what it would be composed with (the live shell, or the live remotes for a shell).
 */
export async function rollback(site: RollbackSite, remote: string, ended?: Trial['ended'] & { version: string }): Promise<RolledBack> {
  assertReleasable(remote);
  return exclusively(
    site.releasesDir,
    async (held) => {
      // A trial of this remote is what a rollback ends first: its visitors go back to the live release.
      const trial = running(await site.trials.read());
      // Ended automatically: only the canary that was judged, not one started since.
      if (trial?.remote === remote && (!ended || trial.version === ended.version)) {
        held();
        await site.trials.write(ended ? { ...trial, ended: { at: ended.at, reason: ended.reason } } : null);
        const live = await site.pointers.read(remote);
        return { version: live?.version ?? 'build', since: live?.since ?? trial.since, ended: trial };
      }
      if (ended) throw new ReleaseRefused(`no trial of ${remote} runs`, 'no_trial');
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

/**
 * Makes a kept release live, once it passes the checks against what it will be composed with:
 * the manifest checks always, and the render checks where `budgetMs` is given (the command line).
 * A trial of that release ends: everyone gets it.
 */
export async function promote(site: RollbackSite & Partial<Pick<ReleaseSite, 'budgetMs'>>, remote: string, version: string): Promise<LivePointer> {
  assertReleasable(remote);
  return exclusively(
    site.releasesDir,
    async (held) => {
      const releases = await listReleases(site.releasesDir, remote);
      if (!releases.some((entry) => entry.version === version)) throw new ReleaseRefused(`${remote} has no release ${version} kept`, 'unknown_release');
      const folders = { webRoot: site.webRoot, releasesDir: site.releasesDir };
      const folder = path.join(site.releasesDir, remote, version);
      try {
        const { shell, live } = await checkManifests(folders, site.pointers, remote, folder);
        if (site.budgetMs) await checkRenders({ roots: folders, live, shellPath: shell.path, remote, candidateFolder: folder, budgetMs: site.budgetMs });
      } catch (error) {
        if (error instanceof ReleaseRefused) throw new ReleaseRefused(`${remote} ${version} cannot be made live: ${error.message}`);
        throw error;
      }
      held();
      const pointer = await site.pointers.write(remote, version);
      const trial = await site.trials.read();
      // Ended by hand, or ended automatically and promoted anyway: the line about it goes too.
      if (trial?.remote === remote && trial.version === version) await site.trials.write(null);
      return pointer;
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
