import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId } from '@site/shared/remote';
import { startRemotesConfigFetch } from './remotes-config';
import { remoteModuleForPath, setFirstPage } from './first-page';

let registered: Promise<void> | null = null;

function ensureRegistered(): Promise<void> {
  registered ??= startRemotesConfigFetch()
    .then((config) => {
      registerRemotes(
        Object.entries(config).map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href })),
      );
    })
    .catch((error: unknown) => {
      registered = null; // let a retry read remotes.json again
      throw error;
    });
  return registered;
}

/** The remotes this page has used (federation names), for the visitor-signals beacon. */
export const remotesUsed = new Set<string>();

/** Loads a remote module by id; `shared`'s `registerRemoteLoader` hands it to every package. */
export async function loadRemoteModule(id: RemoteModuleId) {
  remotesUsed.add(id.split('/')[0]!);
  await ensureRegistered();
  const mod = await loadRemote<{ default: never }>(id);
  if (!mod) throw new Error(`Remote module ${id} is empty`);
  return mod;
}

/**
 * Starts fetching the first page's remote while React starts, instead of after the first render
 * (the federation runtime caches it, so the route's own load finds it ready). Failures are left to
 * the route, which shows its retry.
 */
export function preloadFirstPage(pathname: string): void {
  const id = remoteModuleForPath(pathname);
  if (id) setFirstPage(loadRemoteModule(id));
}
