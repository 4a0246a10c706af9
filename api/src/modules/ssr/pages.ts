import { REMOTES, REMOTE_NAMES, exposesOf, hasServerContainer, type RemoteName } from '@site/shared/remotes';
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
}

interface RouteEntry {
  module: string;
  access?: string;
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
    return { pattern: new RegExp(`^${source}$`), names, module: `${name}/${route.module}`, rendered: !route.access };
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
  for (const { pattern, names, module, rendered } of routeTable) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const value = decoded(found[i + 1]!);
      if (value === null) return null;
      params[name] = value;
    }
    return { module, params, rendered };
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

const key = (path: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

type PageData = Omit<RenderedRoute, 'module'>;

/**
 * The api reads of the pages that make any, by module. Keys must match the remotes' own
 * (`blogBySlugKey`, `publishedEventsKey`, …); a rendered module not named here reads nothing.
 */
const PAGE_DATA: Record<string, (params: Record<string, string>) => PageData> = {
  // The pricing section (commerce's booking section) shows the consultation catalogue.
  'mfe_marketing/HomePage': () => ({ reads: [key('/bookings/packages')], tags: ['consultations'] }),
  'mfe_community/CommunityPage': () => ({
    reads: [key('/events', { status: 'published' }), key('/blogs/search', { field: 'status', value: 'published' })],
    tags: ['events', 'blogs'],
  }),
  'mfe_community/BlogPage': ({ slug = '' }) => ({ reads: [key('/blogs/search', { field: 'slug', value: slug })], tags: ['blogs'] }),
  'mfe_commerce/PackagePage': ({ slug = '' }) => ({
    reads: [key('/packages/public/search', { field: 'slug', value: slug })],
    tags: ['packages', 'events'],
  }),
  'mfe_community/EventPage': ({ slug = '' }) => {
    const eventKey = key('/events/search', { field: 'slug', value: slug });
    return {
      reads: [eventKey],
      then: (answers) => {
        const [event] = (answers[eventKey] as { id?: string }[] | undefined) ?? [];
        return event?.id ? [key('/packages/public/search', { field: 'event_id', value: event.id })] : [];
      },
      tags: ['events', 'packages'],
    };
  },
};

/** The public page at this path as the api renders it, or null (left to the browser, or not a page). */
export function renderedRoute(pathname: string): RenderedRoute | null {
  const page = matchPage(pathname);
  if (!page?.rendered) return null;
  return { module: page.module, ...(PAGE_DATA[page.module]?.(page.params) ?? { reads: [], tags: [] }) };
}

/** The remotes whose server containers the api renders with. */
export const RENDERED_REMOTES: readonly RemoteName[] = REMOTE_NAMES.filter(hasServerContainer);

/** Every module a rendered page may need, loaded when a deployment is registered so first visits are not cold. */
export const RENDERED_MODULES: readonly string[] = RENDERED_REMOTES.flatMap((name) =>
  Object.keys(exposesOf(name, 'server')).map((exposed) => `${name}/${exposed.slice(2)}`),
);
