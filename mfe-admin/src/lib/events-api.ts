import type { Event, EventCreateBody, EventStatus, EventUpdateBody } from '@site/shared/contracts/events';
import { adminRequest } from './api';

export const EVENT_STATUSES: EventStatus[] = ['draft', 'published', 'cancelled', 'completed'];

export const listEvents = (status?: EventStatus) => adminRequest<Event[]>('/events', { query: { status } });
export const findEvent = async (id: string) =>
  (await adminRequest<Event[]>('/events/search', { query: { field: 'id', value: id } }))[0] ?? null;
export const createEvent = (body: EventCreateBody) => adminRequest<Event>('/events', { method: 'POST', body });
export const updateEvent = (id: string, body: EventUpdateBody) =>
  adminRequest<Event>(`/events/${encodeURIComponent(id)}`, { method: 'PUT', body });
