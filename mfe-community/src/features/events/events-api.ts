import { apiRequest } from '@site/shared/api-client';
import type { Event } from '@site/shared/contracts/events';

export const fetchPublishedEvents = (signal?: AbortSignal) =>
  apiRequest<Event[]>('/events', { query: { status: 'published' }, signal });

export async function fetchEventBySlug(slug: string, signal?: AbortSignal): Promise<Event | null> {
  const found = await apiRequest<Event[]>('/events/search', { query: { field: 'slug', value: slug }, signal });
  return found[0] ?? null;
}
