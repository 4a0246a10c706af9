import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, REMOTE_TABLE_FILE, remoteDir, REMOTES, remoteTable, type RemoteName } from '@site/shared/remotes';
import { createServerFederation, localManifest, localOriginOf, manifestOf, serverEntryOf, type FederationManifest, type LocalRoots } from '../ssr/federation';
import { RENDERED_REMOTES, SHELL_PAGES, renderedRoute } from '../ssr/pages';
import { renderPage, type ShellServerModule } from '../ssr/render';
import { federationNameOf, liveRemotes, liveShell, releasePath, SHELL, type LiveShell, type PointerStore, type SiteFolders } from './store';

/** Why a release or rollback is refused, as the admin api answers it. */
export type RefusalCode = 'release_refused' | 'no_earlier_release' | 'release_under_way' | 'trial_running' | 'no_trial' | 'unknown_release';

/** What a release's checks found wrong, for the operator: the release is refused. */
export class ReleaseRefused extends Error {
  override name = 'ReleaseRefused';
  constructor(
    message: string,
    readonly code: RefusalCode = 'release_refused',
  ) {
    super(message);
  }
}

export async function readManifest(folder: string): Promise<FederationManifest> {
  const manifest = manifestOf(await readFile(path.join(folder, 'mf-manifest.json'), 'utf8').catch(() => ''));
  if (!manifest) throw new ReleaseRefused(`${folder} has no readable mf-manifest.json: it is not a remote's build`);
  return manifest;
}

const major = (version: string) => /^\D*(\d+)/.exec(version)?.[1];
const packageOf = (entry: string) => entry.split('/').slice(0, entry.startsWith('@') ? 2 : 1).join('/');

/** The modules a shell composes of each remote, by federation name (its remote-table.json). */
const RemoteTableShape = z.partialRecord(z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]]), z.array(z.string()));
export type RemoteTable = z.infer<typeof RemoteTableShape>;

/**
 * The remote table of the shell built in `folder`. A shell built before shells wrote their table
 * has none: the api's own table (this checkout's) stands in for it.
 */
export async function readRemoteTable(folder: string): Promise<RemoteTable> {
  let text: string;
  try {
    text = await readFile(path.join(folder, REMOTE_TABLE_FILE), 'utf8');
  } catch {
    return remoteTable();
  }
  let table: unknown;
  try {
    table = JSON.parse(text);
  } catch {
    throw new ReleaseRefused(`${path.join(folder, REMOTE_TABLE_FILE)} is not JSON`);
  }
  const parsed = RemoteTableShape.safeParse(table);
  if (!parsed.success) throw new ReleaseRefused(`${path.join(folder, REMOTE_TABLE_FILE)} is not a remote table`);
  return parsed.data;
}

/**
 * The candidate shares every singleton at the shell's major version (the shell's copy is the one the
 * page uses: another major breaks the remote at run time) and still exposes every module the
 * shell's remote table composes. Returns the problems, each naming the package or module.
 */
export function compatibilityProblems(name: RemoteName, candidate: FederationManifest, shell: FederationManifest, table: RemoteTable): string[] {
  const problems: string[] = [];
  const shellVersions = new Map(shell.shared.map((entry) => [entry.name, entry.version]));
  const named = new Set<string>();
  for (const entry of candidate.shared) {
    const live = shellVersions.get(entry.name);
    // One problem per package, not per entry point (`react` and `react/jsx-runtime`).
    const pkg = packageOf(entry.name);
    if (live && major(live) !== major(entry.version) && !named.has(pkg)) {
      named.add(pkg);
      problems.push(`${pkg} ${entry.version} is not compatible with the shell's ${live} (another major version)`);
    }
  }
  const exposed = new Set(candidate.exposes.map((entry) => `./${entry.name}`));
  for (const module of table[name] ?? []) {
    if (!exposed.has(module)) problems.push(`${module.slice(2)} is no longer exposed, and the site composes it`);
  }
  return problems;
}

/**
 * A shell release composes the live remotes: each must share the candidate shell's majors and expose
 * what the candidate's remote table composes. `live` is each live remote's manifest (by folder).
 */
export function shellCompatibilityProblems(candidate: FederationManifest, table: RemoteTable, live: Record<string, FederationManifest>): string[] {
  return Object.entries(live).flatMap(([remote, manifest]) => {
    const name = federationNameOf(remote);
    return name ? compatibilityProblems(name, manifest, candidate, table).map((problem) => `${remote}: ${problem}`) : [];
  });
}

/** How long a remote's manifest on another origin may take to arrive. */
export const MANIFEST_TIMEOUT_MS = 5_000;

/** The manifest beside a remote's entry on another origin; failing to get it refuses the release. */
async function fetchManifest(url: string, timeoutMs: number): Promise<FederationManifest> {
  try {
    // Where the remote list says, no further: a redirect is refused, not followed.
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const manifest = manifestOf(await response.text());
    if (!manifest) throw new Error('not a Module Federation manifest');
    return manifest;
  } catch (error) {
    throw new ReleaseRefused(`${url} could not be read to check the remote it describes: ${(error as Error).message}`);
  }
}

/**
 * Each live remote's mf-manifest.json, by package folder: beside its entry on this machine, or
 * fetched beside its entry on another origin (absolute http(s) URL).
 */
export async function liveManifests(folders: SiteFolders, live: Record<string, string>, timeoutMs = MANIFEST_TIMEOUT_MS): Promise<Record<string, FederationManifest>> {
  const origin = localOriginOf(folders);
  const read = async (name: RemoteName): Promise<FederationManifest | null> => {
    const entry = live[name];
    if (!entry) return null;
    const url = new URL(entry, `${origin}/`);
    if (url.origin !== origin) return /^https?:$/.test(url.protocol) ? fetchManifest(new URL('mf-manifest.json', url).href, timeoutMs) : null;
    // Not built here: nothing to compare.
    return localManifest(folders, entry);
  };
  const manifests = await Promise.all(REMOTE_NAMES.map(read));
  // In the remote table's order, whichever arrived first: a refusal names the remotes alike each time.
  return Object.fromEntries(REMOTE_NAMES.flatMap((name, i) => (manifests[i] ? [[remoteDir(name), manifests[i]]] : [])));
}

/** The shell and remotes a release would be composed with once live. */
export interface Composition {
  /** The live shell (for a shell release, the one it replaces). */
  shell: LiveShell;
  /** The remote list pages would compose: the shell's remotes.json (the candidate's, for a shell) with each remote's live release. */
  live: Record<string, string>;
}

/**
 * The manifest checks of a release (built, or kept and rolled back to) in `folder`: a remote against
 * the live shell's shared versions and remote table; a shell against the remotes it would compose,
 * with its own table. Refuses with every problem named; otherwise answers what it was checked with.
 */
export async function checkManifests(folders: SiteFolders, pointers: PointerStore, remote: string, folder: string, timeoutMs = MANIFEST_TIMEOUT_MS): Promise<Composition> {
  const shell = await liveShell(folders, pointers);
  const manifest = await readManifest(folder);
  let problems: string[];
  let live: Record<string, string>;
  if (remote === SHELL) {
    // The shell's own remotes.json names the remotes it composes (another origin, say).
    live = await liveRemotes(folders, pointers, undefined, { ...shell, folder });
    problems = shellCompatibilityProblems(manifest, await readRemoteTable(folder), await liveManifests(folders, live, timeoutMs));
  } else {
    const name = federationNameOf(remote);
    if (!name) throw new ReleaseRefused(`${remote} is not a remote of this site`);
    live = await liveRemotes(folders, pointers, undefined, shell);
    problems = compatibilityProblems(name, manifest, await readManifest(shell.folder), await readRemoteTable(shell.folder));
  }
  if (problems.length > 0) throw new ReleaseRefused(problems.join('; '));
  return { shell, live };
}

/**
 * The paths that render the release's server modules: a remote's own pages and, when it lends
 * sections, the other remotes' pages too; the shell's layout is on every rendered page.
 */
export function pathsToRender(name: RemoteName | typeof SHELL): string[] {
  const remotes: readonly RemoteName[] = name === SHELL || 'sections' in REMOTES[name] ? RENDERED_REMOTES : [name];
  return [
    ...remotes.flatMap((remote) =>
      Object.keys(REMOTES[remote].routes)
        .map((route) => route.replace(/:[a-z]+/g, 'release-check'))
        .filter((pathname) => renderedRoute(pathname) !== null),
    ),
    ...(name === SHELL ? SHELL_PAGES : []),
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface RenderFigures {
  /** Median render time per path, in ms. */
  medians: Record<string, number>;
}

/**
 * Loads the candidate's server container with the live shell's and the other live remotes', and
 * renders each path three times (answers empty, as for a page with no content yet). A throw, or a
 * median over the render budget, refuses the release.
 */
export async function checkRenders(options: {
  roots: LocalRoots;
  /** The live remotes (remotes.json as served). */
  live: Record<string, string>;
  /** The live shell's path on the site (`/` or its release's). */
  shellPath: string;
  remote: string;
  candidateFolder: string;
  budgetMs: number;
}): Promise<RenderFigures> {
  const name = options.remote === SHELL ? SHELL : federationNameOf(options.remote);
  if (!name) throw new ReleaseRefused(`${options.remote} is not a remote of this site`);
  const origin = localOriginOf(options.roots);
  const candidatePath = `${releasePath(options.remote, path.basename(options.candidateFolder))}remoteEntry.js`;
  const containers: Record<string, string> = { shell: serverEntryOf(name === SHELL ? candidatePath : `${options.shellPath}remoteEntry.js`, origin) };
  for (const remote of RENDERED_REMOTES) containers[remote] = serverEntryOf(remote === name ? candidatePath : options.live[remote]!, origin);
  const federation = createServerFederation();
  federation.update(containers);
  const shell = await federation.load<ShellServerModule>('shell/ServerApp');
  const load = (id: string) => federation.load(id);
  const medians: Record<string, number> = {};
  for (const pathname of pathsToRender(name)) {
    const route = renderedRoute(pathname)!;
    const preloaded = Object.fromEntries(route.reads.map((key) => [key, []]));
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      try {
        // The first render loads the page's code; a budget ten times the render's lets the median judge.
        await renderPage(shell, pathname, preloaded, load, options.budgetMs * 10);
      } catch (error) {
        throw new ReleaseRefused(`${pathname} does not render on the server: ${(error as Error).message}`);
      }
      times.push(performance.now() - started);
    }
    medians[pathname] = Math.round(median(times) * 10) / 10;
    if (medians[pathname] > options.budgetMs) {
      throw new ReleaseRefused(`${pathname} renders in ${medians[pathname]} ms (median of 3), over the render budget of ${options.budgetMs} ms`);
    }
  }
  return { medians };
}
