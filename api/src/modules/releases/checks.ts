import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { exposesOf, REMOTES, type RemoteName } from '@site/shared/remotes';
import { createServerFederation, localOriginOf, serverEntryOf, type LocalRoots } from '../ssr/federation';
import { RENDERED_REMOTES, renderedRoute } from '../ssr/pages';
import { renderPage, type ShellServerModule } from '../ssr/render';
import { federationNameOf, releasePath, SHELL } from './store';

/** What a release's checks found wrong, for the operator: the release is refused. */
export class ReleaseRefused extends Error {
  override name = 'ReleaseRefused';
}

/** The part of Module Federation's mf-manifest.json the checks read. */
export interface FederationManifest {
  shared: { name: string; version: string }[];
  exposes: { name: string }[];
}

export async function readManifest(folder: string): Promise<FederationManifest> {
  try {
    return JSON.parse(await readFile(path.join(folder, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  } catch {
    throw new ReleaseRefused(`${folder} has no mf-manifest.json: it is not a remote's build`);
  }
}

const major = (version: string) => /^\D*(\d+)/.exec(version)?.[1];
const packageOf = (entry: string) => entry.split('/').slice(0, entry.startsWith('@') ? 2 : 1).join('/');

/**
 * The candidate shares every singleton at the shell's major version (the shell's copy is the one the
 * page uses: another major breaks the remote at run time) and still exposes every module the site
 * composes. Returns the problems, each naming the package or module.
 */
export function compatibilityProblems(name: RemoteName, candidate: FederationManifest, shell: FederationManifest): string[] {
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
  for (const module of Object.keys(exposesOf(name))) {
    if (!exposed.has(module)) problems.push(`${module.slice(2)} is no longer exposed, and the site composes it`);
  }
  return problems;
}

/**
 * A shell release composes the live remotes: each must share the candidate shell's majors and expose
 * what the candidate's remote table composes. `live` is each live remote's manifest (by folder).
 */
export function shellCompatibilityProblems(candidate: FederationManifest, live: Record<string, FederationManifest>): string[] {
  return Object.entries(live).flatMap(([remote, manifest]) => {
    const name = federationNameOf(remote);
    return name ? compatibilityProblems(name, manifest, candidate).map((problem) => `${remote}: ${problem}`) : [];
  });
}

/**
 * The paths that render the release's server modules: a remote's own pages and, when it lends
 * sections, the other remotes' pages too; the shell's layout is on every rendered page.
 */
export function pathsToRender(name: RemoteName | typeof SHELL): string[] {
  const remotes: readonly RemoteName[] = name === SHELL || 'sections' in REMOTES[name] ? RENDERED_REMOTES : [name];
  return remotes.flatMap((remote) =>
    Object.keys(REMOTES[remote].routes)
      .map((route) => route.replace(/:[a-z]+/g, 'release-check'))
      .filter((pathname) => renderedRoute(pathname) !== null),
  );
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
  shell.setRemoteLoader((id) => federation.load(id));
  const medians: Record<string, number> = {};
  for (const pathname of pathsToRender(name)) {
    const route = renderedRoute(pathname)!;
    const preloaded = Object.fromEntries(route.reads.map((key) => [key, []]));
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      try {
        // The first render loads the page's code; a budget ten times the render's lets the median judge.
        await renderPage(shell, pathname, preloaded, options.budgetMs * 10);
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
