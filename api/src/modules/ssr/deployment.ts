import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { localFile, localManifest, localOriginOf, localFirstLoad, serverContainerOf } from './federation';
import { RENDERED_REMOTES } from './pages';
import type { LiveShell, PointerStore } from '../releases/store';
import type { Trial } from '../releases/trials';

/**
 * How often a deployment (index.html, remotes.json, the live releases and the server containers'
 * files) is looked at again.
 */
export const CHECK_EVERY_MS = 500;

/** The front ends as deployed: what pages are made of. */
export interface Deployment {
  /** Changes whenever anything below does (a file replaced in place included). */
  key: string;
  /** The live shell's index.html (its own build's, or its live release's). */
  template: string;
  /**
   * The server container of the shell and of each rendered remote, by federation name, each URL
   * carrying its file's time when local; or why there are none (no remotes.json, say).
   */
  containers: Record<string, string> | Error;
  /** remotes.json as pages compose it now (each remote's live release), empty when unreadable. */
  remotes: Record<string, string>;
  /** The release on trial (decision 058), or null. */
  trial: Trial | null;
  /** While a trial runs: the same with its candidate in place of the live release (its own key). */
  candidate: Deployment | null;
}

export interface DeploymentWatch {
  /** The deployment, looked at again when `due`; rejects when the shell is not built. */
  current(): Promise<Deployment>;
  /** Whether the next `current()` looks at the files again. */
  readonly due: boolean;
  /** The deployment last looked at, while it is not due a look; undefined otherwise. */
  readonly fresh: Deployment | undefined;
  /** Runs when a look finds the deployment changed (the first look included). */
  onChange(listener: (deployment: Deployment) => void): void;
  /**
   * The files a browser fetches for a remote module of a deployment before it can run: its remote's
   * entry, and the module's chunks with those of the shared modules it loads from its remote (the
   * remote build's FIRST_LOAD_FILE), as paths on this site; null
   * for a remote on another host or without a readable manifest.
   */
  filesOf(deployment: Deployment, module: string): Promise<ModuleFiles | null>;
}

export interface ModuleFiles {
  entry: string;
  chunks: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    deployment: DeploymentWatch;
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Watches the built front ends in WEB_ROOT for the server render and the page heads: a redeploy
 * (a new build, a new URL in remotes.json, a build replaced in place) is seen within half a second,
 * without a file check per request.
 */
export const deploymentPlugin = fp(
  async (app: FastifyInstance) => {
    const webRoot = app.config.WEB_ROOT;
    const roots = { webRoot, releasesDir: app.config.RELEASES_DIR };
    const localOrigin = localOriginOf(roots);
    const listeners: ((deployment: Deployment) => void)[] = [];
    let latest: { deployment: Deployment; templateFile: string; templateMtime: number; at: number } | undefined;
    let looking: Promise<Deployment> | undefined;

    /** A local entry's URL with its file's time, to pick up a build replaced at the same URL. */
    const versionOf = async (entry: string): Promise<string> => {
      const url = new URL(entry);
      if (url.origin !== localOrigin) return entry;
      const local = localFile(roots, url);
      if (!local) throw new Error(`${entry} is outside the web root`);
      return `${entry}?v=${(await stat(local)).mtimeMs}`;
    };

    const containersOf = async (shell: LiveShell, remotes: Record<string, unknown>): Promise<Record<string, string>> => {
      const containers: Record<string, string> = { shell: await versionOf(`${localOrigin}${shell.path}server/remoteEntry.js`) };
      for (const name of RENDERED_REMOTES) {
        const entry = remotes[name];
        if (typeof entry !== 'string' || !entry) throw new Error(`remotes.json names no entry for ${name}`);
        containers[name] = await versionOf(serverContainerOf(entry, localOrigin, app.config.RELEASES_BASE_URL));
      }
      return containers;
    };

    /** The front ends as the given pointers compose them (the live ones, or a trial's candidate side). */
    const compose = async (pointers?: PointerStore, was?: Deployment | null) => {
      // The shell's release and its remotes.json are read together: its template, its server
      // container and its remote list switch as one.
      const shell = await app.releases.shell(pointers);
      const indexPath = path.join(shell.folder, 'index.html');
      const { mtimeMs } = await stat(indexPath);
      const same = was && latest?.templateFile === indexPath && latest.templateMtime === mtimeMs;
      const template = same ? was.template : await readFile(indexPath, 'utf8');
      // remotes.json as the browser gets it: with each remote's live release (releases module).
      const remotes = await app.releases.remotes(shell, pointers).catch(asError);
      const containers = remotes instanceof Error ? remotes : await containersOf(shell, remotes).catch(asError);
      const live = remotes instanceof Error ? {} : remotes;
      return { indexPath, mtimeMs, template, containers, remotes: live };
    };

    const look = async (): Promise<Deployment> => {
      const { indexPath, mtimeMs, template, containers, remotes: live } = await compose(undefined, latest?.deployment);
      const trial = await app.releases.trial();
      let candidate: Deployment | null = null;
      if (trial) {
        const side = await compose(app.releases.candidatePointers(trial), latest?.deployment.candidate);
        const sideKey = JSON.stringify(['candidate', side.indexPath, side.mtimeMs, side.containers instanceof Error ? side.containers.message : side.containers, side.remotes]);
        candidate = { key: sideKey, template: side.template, containers: side.containers, remotes: side.remotes, trial, candidate: null };
      }
      // The trial itself too: a preview becoming a canary of the same release changes who gets it.
      const key = JSON.stringify([indexPath, mtimeMs, containers instanceof Error ? containers.message : containers, live, candidate?.key ?? null, trial]);
      const changed = latest?.deployment.key !== key;
      const deployment = changed ? { key, template, containers, remotes: live, trial, candidate } : latest!.deployment;
      latest = { deployment, templateFile: indexPath, templateMtime: mtimeMs, at: Date.now() };
      if (changed) for (const listener of listeners) listener(deployment);
      return deployment;
    };

    const files = new WeakMap<Deployment, Map<string, Promise<ModuleFiles | null>>>();
    const moduleFiles = async (remotes: Record<string, string>, module: string): Promise<ModuleFiles | null> => {
      const [name, expose] = module.split('/');
      const entry = name ? remotes[name] : undefined;
      if (!entry) return null;
      const [manifest, firstLoad] = await Promise.all([localManifest(roots, entry), localFirstLoad(roots, entry)]);
      if (!manifest) return null;
      const entryUrl = new URL(entry, `${localOrigin}/`);
      // A build from before FIRST_LOAD_FILE: the module's own chunks, as far as the manifest tells.
      const chunks = (expose ? firstLoad[expose] : undefined) ?? manifest.exposes.find((exposed) => exposed.name === expose)?.assets?.js.sync ?? [];
      return { entry: entryUrl.pathname, chunks: chunks.map((chunk) => new URL(chunk, entryUrl).pathname) };
    };

    const watch: DeploymentWatch = {
      get due() {
        return !latest || Date.now() - latest.at >= CHECK_EVERY_MS;
      },
      get fresh() {
        return watch.due ? undefined : latest!.deployment;
      },
      current() {
        if (!watch.due) return Promise.resolve(latest!.deployment);
        // One look at a time: requests that arrive while it reads the files wait for that same look.
        return (looking ??= look().finally(() => {
          looking = undefined;
        }));
      },
      onChange(listener) {
        listeners.push(listener);
      },
      filesOf(deployment, module) {
        let byModule = files.get(deployment);
        if (!byModule) files.set(deployment, (byModule = new Map()));
        let found = byModule.get(module);
        if (!found) byModule.set(module, (found = moduleFiles(deployment.remotes, module).catch(() => null)));
        return found;
      },
    };
    // A release or rollback announced: look again at the next request rather than up to half a second later.
    app.releases.onSwitch(() => {
      if (latest) latest.at = 0;
    });
    app.decorate('deployment', watch);
  },
  { name: 'deployment', dependencies: ['config', 'releases'] },
);
