import { REMOTES } from '@site/shared/remotes';
import type { RemoteModuleId } from '@site/shared/remote';

export interface RemoteRoute {
  /** A react-router path: `/fixed`, `/prefix/:param` or `/prefix/*`. */
  path: string;
  id: RemoteModuleId;
  what?: string;
  props?: Readonly<Record<string, string>>;
  access?: 'signed-in' | 'admin';
}

/** The route pattern of a page no remote serves (the shell's own pages, a 404), as the api knows it. */
export const OTHER_ROUTE = '(other)';

/** Every path a remote serves, flattened from the remote table. */
export const REMOTE_ROUTES: readonly RemoteRoute[] = Object.entries(REMOTES).flatMap(([name, remote]) =>
  Object.entries(remote.routes).map(([path, route]: [string, Omit<RemoteRoute, 'path' | 'id'> & { module: string }]) => ({
    ...route,
    path,
    id: `${name}/${route.module}` as RemoteModuleId,
  })),
);

/** Whether `pathname` matches a route's path, as react-router matches it (a parameter is one segment). */
export function matchesRoute(path: string, pathname: string): boolean {
  const want = path.split('/');
  const got = pathname.replace(/(.)\/+$/, '$1').split('/');
  if (want.at(-1) === '*') return want.slice(0, -1).every((segment, i) => segment === got[i]);
  return want.length === got.length && want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}
