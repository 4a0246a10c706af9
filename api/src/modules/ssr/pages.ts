import { REMOTES, REMOTE_NAMES, answerValues, exposesOf, fillRead, hasServerContainer, type Read, type RemoteName } from '@site/shared/remotes';
import type { NotFoundKind } from '@site/shared/site-config';
import type { CacheTag } from '../../lib/tagged-cache';

/**
 * The shell's own pages the api renders (no remote, no reads). Each reads its query in the browser
 * (the login page's password-reset token), so a visit with a query string is left to the browser.
 */
export const SHELL_PAGES: readonly string[] = ['/login'];

/** Pages the remote table does not match: the shell's own, and `/admin` (`/admin/*` does not match it in the router). */
const OTHER_ROUTES = [
  ...Object.values(REMOTES).flatMap((remote) => Object.keys(remote.routes).filter((path) => path.endsWith('/*')).map((path) => path.slice(0, -2))),
  ...SHELL_PAGES,
];

/**
 * Every page of the shell's router: the remotes' routes from the remote table, and the shell's own
 * login page. Rendered on the server or in the browser; other paths without a file extension get the
 * shell's not-found page, with 404.
 */
export const PAGE_ROUTES: readonly string[] = [...Object.values(REMOTES).flatMap((remote) => Object.keys(remote.routes)), ...OTHER_ROUTES];

/** A route of the remote table that a path matches. */
export interface PageMatch {
  /** The exposed module, as the federation names it: `mfe_community/BlogPage`. */
  module: string;
  /** Path parameters (`:slug`), decoded. */
  params: Record<string, string>;
  /** The props the route gives its module (the remote table's `props`), which its `head` reads too. */
  props: Readonly<Record<string, string>>;
  /** Whether the api renders it (everything not behind a session). */
  rendered: boolean;
  /** The api reads its page makes, by name, as the remote table declares them. */
  reads: Readonly<Record<string, Read>>;
  /** What a write must change for the rendered HTML to be forgotten. */
  tags: readonly CacheTag[];
  /** The read that finds what the page is about (its empty answer is a 404). */
  subject?: NotFoundKind;
}

interface RouteEntry {
  module: string;
  props?: Readonly<Record<string, string>>;
  access?: string;
  reads?: Readonly<Record<string, Read>>;
  tags?: readonly string[];
  subject?: NotFoundKind;
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
      props: route.props ?? {},
      rendered: !route.access,
      reads: route.reads ?? {},
      tags: route.tags ?? [],
      subject: route.subject,
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
  /** The remote module the route renders (loaded before the render's time budget starts); none for the shell's own page. */
  module: string | null;
  /** The reads the page's components make (their `preloadKey`s), each under /api. */
  reads: string[];
  /** Reads that depend on an answer (an event's packages need its id). */
  then?: (answers: Record<string, unknown>) => string[];
  /** The fields holding stored HTML in each read's rows, by its key (the remote table's `html`), once the read is planned. */
  html: ReadonlyMap<string, readonly string[]>;
  /** What a write must change for the rendered HTML to be forgotten. */
  tags: CacheTag[];
  /** The read finding what the page is about, by its key: an empty list answered makes the page a 404. */
  subject?: { kind: NotFoundKind; key: string };
}

/**
 * A path that is no page (no route matches it): the shell's not-found page, rendered once for all
 * of them (its HTML does not depend on the path) and answered with 404.
 */
export const NOT_FOUND_ROUTE: RenderedRoute = { module: null, reads: [], tags: [], html: new Map() };

/** Whether the path is no page of the shell's router: its answer is the not-found page. */
export function isUnknownPage(pathname: string): boolean {
  // The router takes a trailing slash as the page without it.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !OTHER_ROUTES.includes(path) && matchPage(path) === null;
}

/**
 * The public page at this path as the api renders it, or null (left to the browser, or not a page).
 * Its reads are those the remote table declares for the route: first those the path's parameters
 * fill, then those that need an answer (an event's packages need its id).
 */
export function renderedRoute(pathname: string): RenderedRoute | null {
  if (SHELL_PAGES.includes(pathname)) return { module: null, reads: [], tags: [], html: new Map() };
  const page = matchPage(pathname);
  if (!page?.rendered) return null;
  const html = new Map<string, readonly string[]>();
  /** A read's key with its values filled in (null while one is missing), its HTML fields noted. */
  const plan = (read: Read, values: Readonly<Record<string, string>>) => {
    const filled = fillRead(read, values);
    if (filled !== null && read.html) html.set(filled, read.html);
    return filled;
  };
  const first = new Map<string, string>();
  for (const [name, read] of Object.entries(page.reads)) {
    const filled = plan(read, page.params);
    if (filled !== null) first.set(name, filled);
  }
  const later = Object.entries(page.reads).filter(([name]) => !first.has(name));
  const subject = page.subject && first.has(page.subject) ? { kind: page.subject, key: first.get(page.subject)! } : undefined;
  const route: RenderedRoute = { module: page.module, reads: [...first.values()], tags: [...page.tags], html, ...(subject ? { subject } : {}) };
  if (later.length === 0) return route;
  return {
    ...route,
    then: (answers) => {
      const values = { ...page.params, ...answerValues(Object.fromEntries([...first].map(([name, filled]) => [name, answers[filled]]))) };
      return later.map(([, read]) => plan(read, values)).filter((filled) => filled !== null);
    },
  };
}

/** The remotes whose server containers the api renders with. */
export const RENDERED_REMOTES: readonly RemoteName[] = REMOTE_NAMES.filter(hasServerContainer);

/** Every module a rendered page may need, loaded when a deployment is registered so first visits are not cold. */
export const RENDERED_MODULES: readonly string[] = RENDERED_REMOTES.flatMap((name) =>
  Object.keys(exposesOf(name, 'server')).map((exposed) => `${name}/${exposed.slice(2)}`),
);
