import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { createInstance, registerGlobalPlugins, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { z } from 'zod';
import { FIRST_LOAD_FILE } from '@site/shared/remotes';

const require = createRequire(import.meta.url);

/**
 * Entries on this origin are files of the local build (WEB_ROOT) and releases (RELEASES_DIR):
 * `/remotes/<dir>/…` is `<dir>/dist/…`, `/releases/<dir>/<version>/…` that release's folder, anything
 * else the shell's dist. Other URLs (a remote on a CDN) are fetched.
 */
export const LOCAL_ORIGIN = 'http://site.local';

/** The folders a local origin's URLs name. */
export interface LocalRoots {
  webRoot: string;
  releasesDir: string;
}

/** Each pair of folders gets its own origin (`http://site.local`, `http://2.site.local`, …). */
const localRoots = new Map<string, LocalRoots>();

export function localOriginOf(roots: LocalRoots): string {
  for (const [origin, known] of localRoots) if (known.webRoot === roots.webRoot && known.releasesDir === roots.releasesDir) return origin;
  const origin = localRoots.size === 0 ? LOCAL_ORIGIN : `http://${localRoots.size + 1}.site.local`;
  localRoots.set(origin, { ...roots });
  return origin;
}

/** The file a local URL names, never outside its folders; null for other URLs. */
export function localFileOf(url: URL): string | null {
  const roots = localRoots.get(url.origin);
  return roots ? localFile(roots, url) : null;
}

export function localFile({ webRoot, releasesDir }: LocalRoots, url: URL): string | null {
  const parts = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  if (parts.some((part) => part === '..' || part.includes('\\'))) return null;
  const [first, dir, ...rest] = parts;
  let root = path.join(webRoot, 'shell', 'dist');
  let inside = parts;
  if (first === 'remotes' && dir) [root, inside] = [path.join(webRoot, dir, 'dist'), rest];
  else if (first === 'releases' && dir && rest.length > 1) [root, inside] = [path.join(releasesDir, dir, rest[0]!), rest.slice(1)];
  const file = path.join(root, ...inside);
  return file.startsWith(root + path.sep) ? file : null;
}

/** The part of Module Federation's mf-manifest.json the api reads; a build's file, checked, not trusted. */
const FederationManifestShape = z.object({
  shared: z.array(z.object({ name: z.string(), version: z.string() })),
  exposes: z.array(
    z.object({
      name: z.string(),
      /** The files an exposed module needs before it runs, beside the entry. */
      assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }).optional(),
    }),
  ),
  /** The path the build's files are served from (a shell release's folder). */
  metaData: z.object({ publicPath: z.string().optional() }).optional(),
});
export type FederationManifest = z.infer<typeof FederationManifestShape>;

/** A manifest's text as the api reads it; null when it is not one. */
export const manifestOf = (text: string): FederationManifest | null => {
  try {
    const parsed = FederationManifestShape.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The text of a file beside a remote's entry on this machine; '' for an entry elsewhere or no such file. */
async function besideEntry(roots: LocalRoots, entry: string, name: string): Promise<string> {
  const origin = localOriginOf(roots);
  const url = new URL(entry, `${origin}/`);
  const file = url.origin === origin ? localFile(roots, url) : null;
  return file ? readFile(path.join(path.dirname(file), name), 'utf8').catch(() => '') : '';
}

/** The mf-manifest.json beside a remote's entry on this machine; null for an entry elsewhere or no readable manifest. */
export async function localManifest(roots: LocalRoots, entry: string): Promise<FederationManifest | null> {
  return manifestOf(await besideEntry(roots, entry, 'mf-manifest.json'));
}

/** A remote build's FIRST_LOAD_FILE: file names by exposed module. */
const FirstLoadShape = z.record(z.string(), z.array(z.string()));

/**
 * The files a first visit loads for each module a remote exposes (FIRST_LOAD_FILE), read beside a
 * local entry; empty where there is no such file (a build from before it was written).
 */
export async function localFirstLoad(roots: LocalRoots, entry: string): Promise<Record<string, string[]>> {
  const text = await besideEntry(roots, entry, FIRST_LOAD_FILE);
  try {
    const parsed = FirstLoadShape.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The server container next to a browser entry: `<dir>/remoteEntry.js` → `<dir>/server/remoteEntry.js`. */
export function serverEntryOf(browserEntry: string, localOrigin = LOCAL_ORIGIN): string {
  return new URL('server/remoteEntry.js', new URL(browserEntry, `${localOrigin}/`)).href;
}

/**
 * The URL the api loads a remote's server container from: always a file on this machine. A release
 * published to RELEASES_BASE_URL is read from RELEASES_DIR, the copy it was checked and published
 * from (remotes.json names a release only when its files are here); an entry anywhere else is
 * refused, so no code from another host ever runs inside the api (its pages render in the browser).
 */
export function serverContainerOf(browserEntry: string, localOrigin: string, publishedBase?: string): string {
  const url = serverEntryOf(browserEntry, localOrigin);
  const base = publishedBase?.replace(/\/?$/, '/');
  const local = base && url.startsWith(base) ? `${localOrigin}/releases/${url.slice(base.length)}` : url;
  if (new URL(local).origin !== localOrigin) throw new Error(`${browserEntry} is not on this machine: its server container is not loaded`);
  return local;
}

let filesPluginRegistered = false;

/**
 * Lets every federation instance in the process (the api's and each container's own, which loads
 * the container's chunks) read local entries and chunks from disk: Node's fetch has no such URLs.
 */
function registerLocalFiles(): void {
  if (filesPluginRegistered) return;
  filesPluginRegistered = true;
  registerGlobalPlugins([
    {
      name: 'site-local-files',
      async fetch(url: string) {
        const file = localFileOf(new URL(url));
        if (!file) return undefined;
        try {
          return new Response(await readFile(file, 'utf8'), { headers: { 'content-type': 'text/javascript' } });
        } catch {
          return new Response('not found', { status: 404 });
        }
      },
      // Entries are evaluated the way the node runtime does it for fetched ones (a CommonJS wrapper).
      async loadEntry({ remoteInfo }: { remoteInfo: { entry: string; entryGlobalName: string } }) {
        const file = localFileOf(new URL(remoteInfo.entry));
        if (!file) return undefined;
        const code = await readFile(file, 'utf8');
        const module = { exports: {} as Record<string, unknown> };
        const script = new vm.Script(`(function(exports, module, require, __dirname, __filename) {${code}\n})`, { filename: remoteInfo.entry });
        // Its own folder on disk: a container whose name another build already registered in this
        // process (a release on trial beside the live one) is not patched by the node runtime, and
        // reads its chunks beside its own file.
        (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, module, require, path.dirname(file), file);
        const container = (module.exports[remoteInfo.entryGlobalName] ?? module.exports) as object;
        (globalThis as Record<string, unknown>)[remoteInfo.entryGlobalName] = container;
        return container;
      },
    } as never,
  ]);
}

/** The singletons the api provides to every container: one React, router and style sheet registry. */
const HOST_SHARED = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react/jsx-dev-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-router', 'react-router'],
  ['react-router-dom', 'react-router-dom'],
  ['styled-components', 'styled-components'],
  ['zustand', 'zustand'],
] as const;

function versionOf(pkg: string): string {
  return (require(`${pkg}/package.json`) as { version: string }).version;
}

/** Whether Node loads this file as an ES module (`.mjs`, or `.js` in a `"type": "module"` package). */
function isEsModule(file: string): boolean {
  if (file.endsWith('.mjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { type?: string }).type === 'module';
    } catch {
      // No package.json here: its parent decides.
    }
  }
  return false;
}

let hostLibraries: Promise<Map<string, object>> | undefined;

/**
 * The shared libraries, loaded once before any container asks for one. Those published as ES modules
 * (react-router's `require` condition names an `.mjs`) are `import()`ed, one after another, never
 * `require()`d: Node 20's `require()` of an ES module fails when the same module is being imported at
 * that moment (`getStatus` of undefined in `getModuleJobForRequire`) and leaves it half-initialised
 * for good, so every later render failed (`Cannot access … before initialization`).
 */
export function loadHostLibraries(): Promise<Map<string, object>> {
  hostLibraries ??= (async () => {
    const loaded = new Map<string, object>();
    for (const [name] of HOST_SHARED) {
      loaded.set(name, isEsModule(require.resolve(name)) ? ((await import(name)) as object) : (require(name) as object));
    }
    return loaded;
  })();
  // A failed load is tried again by the next caller.
  hostLibraries.catch(() => (hostLibraries = undefined));
  return hostLibraries;
}

export interface ContainerSet {
  instance: ModuleFederation;
  /** Server entry per remote name, as registered. */
  entries: Record<string, string>;
}

/**
 * One federation instance for the api's renders. `update` (re)registers the server containers named
 * by remotes.json; a changed URL replaces that remote (`force`), so a redeploy renders its new build
 * without a restart.
 */
let instances = 0;

export function createServerFederation() {
  registerLocalFiles();
  instances += 1;
  const instance = createInstance({
    name: instances === 1 ? 'site_api' : `site_api_${instances}`,
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: Object.fromEntries(
      HOST_SHARED.map(([name, pkg]) => [
        name,
        {
          version: versionOf(pkg),
          // `lib`, not `get`: with equal versions a container's own copy could otherwise win the tie.
          // Called only once `load` awaited loadHostLibraries.
          lib: () => libraries?.get(name) as object,
          shareConfig: { singleton: true, requiredVersion: `^${versionOf(pkg)}` },
        },
      ]),
    ),
  });
  const entries: Record<string, string> = {};
  let libraries: Map<string, object> | undefined;

  return {
    instance,
    entries,
    /** Registers the containers; returns the names whose URL changed (their modules must be reloaded). */
    update(wanted: Record<string, string>): string[] {
      const changed = Object.entries(wanted).filter(([name, entry]) => entries[name] !== entry);
      if (changed.length === 0) return [];
      instance.registerRemotes(
        changed.map(([name, entry]) => ({ name, entry })),
        { force: true },
      );
      for (const [name, entry] of changed) entries[name] = entry;
      return changed.map(([name]) => name);
    },
    async load<T>(id: string): Promise<T> {
      libraries ??= await loadHostLibraries();
      const mod = await instance.loadRemote<T>(id);
      if (!mod) throw new Error(`The server container gave no module for ${id}`);
      return mod;
    },
  };
}

export type ServerFederation = ReturnType<typeof createServerFederation>;
