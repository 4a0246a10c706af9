import { REMOTES } from '@site/shared/remotes';
import type { PublicCacheTag } from '../public-cache/service';

/** A public page the api renders, and the api reads it is made from. */
export interface RenderedRoute {
  /** The remote module the route renders (loaded before the render's time budget starts). */
  module: string;
  /** The reads the page's components make (their `preloadKey`s), each under /api. */
  reads: string[];
  /** A blog post: its read is made per visit (it counts a view), the rest may be cached. */
  blogSlug?: string;
  /** Reads that depend on an answer (an event's packages need its id). */
  then?: (answers: Record<string, unknown>) => string[];
  /** What a write must change for the rendered HTML to be forgotten. */
  tags: PublicCacheTag[];
}

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

const key = (path: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

const slugOf = (raw: string): string | null => {
  try {
    const slug = decodeURIComponent(raw);
    return slug.length > 0 && slug.length <= 200 ? slug : null;
  } catch {
    return null;
  }
};

/**
 * The public routes rendered on the server (the shell's routes.tsx; /admin, /login and /orders stay
 * in the browser). Keys must match the remotes' own (`blogBySlugKey`, `publishedEventsKey`, …).
 */
export function renderedRoute(pathname: string): RenderedRoute | null {
  // The pricing section (commerce's booking section) shows the consultation catalogue.
  if (pathname === '/') return { module: 'mfe_marketing/HomePage', reads: [key('/bookings/packages')], tags: ['consultations'] };
  if (pathname === '/contact') return { module: 'mfe_marketing/ContactPage', reads: [], tags: [] };
  if (['/refund', '/privacy', '/terms'].includes(pathname)) return { module: 'mfe_marketing/PolicyPage', reads: [], tags: [] };
  if (/^\/services\/[^/]+$/.test(pathname)) return { module: 'mfe_marketing/ServicePage', reads: [], tags: [] };
  if (pathname === '/community') {
    return {
      module: 'mfe_community/CommunityPage',
      reads: [key('/events', { status: 'published' }), key('/blogs/search', { field: 'status', value: 'published' })],
      tags: ['events', 'blogs'],
    };
  }
  const match = /^\/(blog|event|packages)\/([^/]+)$/.exec(pathname);
  const slug = match ? slugOf(match[2]!) : null;
  if (!match || !slug) return null;
  if (match[1] === 'blog') {
    return { module: 'mfe_community/BlogPage', reads: [key('/blogs/search', { field: 'slug', value: slug })], blogSlug: slug, tags: ['blogs'] };
  }
  if (match[1] === 'packages') {
    return { module: 'mfe_commerce/PackagePage', reads: [key('/packages/public/search', { field: 'slug', value: slug })], tags: ['packages', 'events'] };
  }
  const eventKey = key('/events/search', { field: 'slug', value: slug });
  return {
    module: 'mfe_community/EventPage',
    reads: [eventKey],
    then: (answers) => {
      const [event] = (answers[eventKey] as { id?: string }[] | undefined) ?? [];
      return event?.id ? [key('/packages/public/search', { field: 'event_id', value: event.id })] : [];
    },
    tags: ['events', 'packages'],
  };
}

/** Every module a rendered page may need, loaded when the api starts so first visits are not cold. */
export const RENDERED_MODULES = [
  'mfe_marketing/HomePage',
  'mfe_marketing/ServicePage',
  'mfe_marketing/PolicyPage',
  'mfe_marketing/ContactPage',
  'mfe_community/CommunityPage',
  'mfe_community/BlogPage',
  'mfe_community/EventPage',
  'mfe_commerce/PackagePage',
  'mfe_commerce/EventPackages',
] as const;
