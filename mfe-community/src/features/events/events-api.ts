import { apiRequest } from '@site/shared/api-client';
import type { Event } from '@site/shared/contracts/events';
import { preloadKey } from '@site/shared/preloaded';

/** Keys of the reads a server-rendered page is made from (api/src/modules/ssr reads the same). */
export const publishedEventsKey = preloadKey('/events', { status: 'published' });
export const eventBySlugKey = (slug: string) => preloadKey('/events/search', { field: 'slug', value: slug });

export const fetchPublishedEvents = (signal?: AbortSignal) =>
  apiRequest<Event[]>('/events', { query: { status: 'published' }, signal });

export async function fetchEventBySlug(slug: string, signal?: AbortSignal): Promise<Event | null> {
  const found = await apiRequest<Event[]>('/events/search', { query: { field: 'slug', value: slug }, signal });
  return found[0] ?? null;
}
