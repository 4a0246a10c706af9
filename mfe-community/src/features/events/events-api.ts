import { routeRead } from '@site/shared/preloaded';

/** Keys of the reads the server renders these pages with, as the remote table declares them. */
export const publishedEventsKey = routeRead('mfe_community', '/community', 'events');
export const eventBySlugKey = (slug: string) => routeRead('mfe_community', '/event/:slug', 'event', { slug });
