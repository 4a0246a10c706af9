import { REMOTES, REMOTE_NAMES, answerValues, exposesOf, fillRead, hasServerContainer, type Read, type RemoteName } from '@site/shared/remotes';
import type { CacheTag } from '../../lib/tagged-cache';

/**
 * Every page of the shell's router: the remotes' routes from the remote table, and the shell's own
 * login page. Rendered on the server or in the browser; other paths without a file extension get the
 * shell too (its not-found page).
 */
export const PAGE_ROUTES: readonly string[] = [
  ...Object.values(REMOTES).flatMap((remote) => Object.keys(remote.routes)),
  // `/admin/*` does not match `/admin` itself in the router.
  ...Object.values(REMOTES).flatMap((remote) => Object.keys(remote.routes).filter((path) => path.endsWith('/*')).map((path) => path.slice(0, -2))),
  '/login',
];

/** A route of the remote table that a path matches. */
export interface PageMatch {
  /** The exposed module, as the federation names it: `mfe_community/BlogPage`. */
  module: string;
  /** Path parameters (`:slug`), decoded. */
  params: Record<string, string>;
  /** Whether the api renders it (everything not behind a session). */
  rendered: boolean;
  /** The api reads its page makes, by name, as the remote table declares them. */
  reads: Readonly<Record<string, Read>>;
  /** What a write must change for the rendered HTML to be forgotten. */
  tags: readonly CacheTag[];
}

interface RouteEntry {
  module: string;
  access?: string;
  reads?: Readonly<Record<string, Read>>;
  tags?: readonly string[];
}

const routeTable = REMOTE_NAMES.flatMap((name) =>
  Object.entries(REMOTES[name].routes as Record<string, RouteEntry>).map(([path, route]) => {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((part) => {
        if (part === '*') return '.*';
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    return {
      pattern: new RegExp(`^${source}$`),
      names,
      module: `${name}/${route.module}`,
      rendered: !route.access,
      reads: route.reads ?? {},
      tags: route.tags ?? [],
    };
  }),
);

const decoded = (raw: string): string | null => {
  try {
    const value = decodeURIComponent(raw);
    return value.length > 0 && value.length <= 200 ? value : null;
  } catch {
    return null;
  }
};

/** The remote-table route a path belongs to, or null (a file, an unknown page, a bad parameter). */
export function matchPage(pathname: string): PageMatch | null {
  for (const { pattern, names, ...route } of routeTable) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const value = decoded(found[i + 1]!);
      if (value === null) return null;
      params[name] = value;
    }
    return { ...route, params };
  }
  return null;
}

/** A public page the api renders, and the api reads it is made from. */
export interface RenderedRoute {
  /** The remote module the route renders (loaded before the render's time budget starts). */
  module: string;
  /** The reads the page's components make (their `preloadKey`s), each under /api. */
  reads: string[];
  /** Reads that depend on an answer (an event's packages need its id). */
  then?: (answers: Record<string, unknown>) => string[];
  /** What a write must change for the rendered HTML to be forgotten. */
  tags: CacheTag[];
}

/**
 * The public page at this path as the api renders it, or null (left to the browser, or not a page).
 * Its reads are those the remote table declares for the route: first those the path's parameters
 * fill, then those that need an answer (an event's packages need its id).
 */
export function renderedRoute(pathname: string): RenderedRoute | null {
  const page = matchPage(pathname);
  if (!page?.rendered) return null;
  const first = new Map<string, string>();
  for (const [name, read] of Object.entries(page.reads)) {
    const filled = fillRead(read, page.params);
    if (filled !== null) first.set(name, filled);
  }
  const later = Object.entries(page.reads).filter(([name]) => !first.has(name));
  const route: RenderedRoute = { module: page.module, reads: [...first.values()], tags: [...page.tags] };
  if (later.length === 0) return route;
  return {
    ...route,
    then: (answers) => {
      const values = { ...page.params, ...answerValues(Object.fromEntries([...first].map(([name, filled]) => [name, answers[filled]]))) };
      return later.map(([, read]) => fillRead(read, values)).filter((filled) => filled !== null);
    },
  };
}

/** The remotes whose server containers the api renders with. */
export const RENDERED_REMOTES: readonly RemoteName[] = REMOTE_NAMES.filter(hasServerContainer);

/** Every module a rendered page may need, loaded when a deployment is registered so first visits are not cold. */
export const RENDERED_MODULES: readonly string[] = RENDERED_REMOTES.flatMap((name) =>
  Object.keys(exposesOf(name, 'server')).map((exposed) => `${name}/${exposed.slice(2)}`),
);
