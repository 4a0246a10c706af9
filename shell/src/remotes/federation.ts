import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { registerRemoteLoader, type RemoteModuleId } from '@site/shared/remote';
import { startRemotesConfigFetch } from './remotes-config';

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

/** Registers the remotes from /remotes.json and hands the loader to every package through `shared`. */
export function setUpRemotes(): void {
  registerRemoteLoader(async (id: RemoteModuleId) => {
    await ensureRegistered();
    const mod = await loadRemote<{ default: never }>(id);
    if (!mod) throw new Error(`Remote module ${id} is empty`);
    return mod;
  });
}
