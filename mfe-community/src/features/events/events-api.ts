import { apiRequest } from '@site/shared/api-client';
import type { Event } from '@site/shared/contracts/events';
import { routeRead } from '@site/shared/preloaded';

/** Keys of the reads the server renders these pages with, as the remote table declares them. */
export const publishedEventsKey = routeRead('mfe_community', '/community', 'events');
export const eventBySlugKey = (slug: string) => routeRead('mfe_community', '/event/:slug', 'event', { slug });

export const fetchPublishedEvents = (signal?: AbortSignal) =>
  apiRequest<Event[]>('/events', { query: { status: 'published' }, signal });

export async function fetchEventBySlug(slug: string, signal?: AbortSignal): Promise<Event | null> {
  const found = await apiRequest<Event[]>('/events/search', { query: { field: 'slug', value: slug }, signal });
  return found[0] ?? null;
}
