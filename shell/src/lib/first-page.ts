import { whenLive, type RemoteModuleId } from '@site/shared/remote';
import type { RemotesConfig } from './remotes-config';
import { REMOTE_ROUTES, matchesRoute } from './route-table';

/**
 * The public remote module a path renders, if any. Routes behind a session (orders, admin) are left
 * out: their code is fetched only once the session admits the visitor.
 */
export function remoteModuleForPath(pathname: string): RemoteModuleId | null {
  return REMOTE_ROUTES.find((route) => !route.access && matchesRoute(route.path, pathname))?.id ?? null;
}

/**
 * Asks the browser for the first page's remote entry as soon as remotes.json names it, so it
 * downloads while React's own chunks do; the federation runtime then finds it in the cache.
 */
export function preloadFirstRemoteEntry(config: RemotesConfig, pathname: string): void {
  const id = remoteModuleForPath(pathname);
  if (!id) return;
  const remote = id.split('/')[0] as keyof RemotesConfig;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = new URL(config[remote], window.location.href).href;
  document.head.appendChild(link);
}

let firstPage: Promise<void> = Promise.resolve();

/** Records the first page's remote load (lib/federation.ts) for `firstPageSettled`. */
export function setFirstPage(load: Promise<unknown>): void {
  firstPage = load.then(
    () => undefined,
    () => undefined,
  );
}

/** The longest that work waiting for the first page waits: a remote that never answers must not keep it away. */
export const FIRST_PAGE_WAIT_MS = 10_000;

/**
 * Settles once the first page's remote has loaded or failed and, when it loaded, the page is live.
 * Work the page does not need (the assistant, the visitor-signals beacon) waits for it: the browser
 * may be idle while the page's code is on its way or between hydration's tasks, and that work would
 * otherwise take the network and the main thread ahead of the page's own.
 */
export function firstPageSettled(): Promise<void> {
  return Promise.race([firstPage.then(whenLive), new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
}
