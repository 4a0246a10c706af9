import { apiRequest } from '@site/shared/api-client';
import type { Event } from '@site/shared/contracts/events';
import type { Package } from '@site/shared/contracts/packages';
import { routeRead } from '@site/shared/preloaded';

/** Keys of the reads the server renders these pages with, as the remote table declares them. */
export const packageBySlugKey = (slug: string) => routeRead('mfe_commerce', '/packages/:slug', 'package', { slug });
/** An event ticket's event, read once the package is known. */
export const packageEventKey = (eventId: string) => routeRead('mfe_commerce', '/packages/:slug', 'event', { 'package.event_id': eventId });

/** The event page's packages, read once the event's id is known. */
export const eventPackagesKey = (eventId: string) => routeRead('mfe_community', '/event/:slug', 'packages', { 'event.id': eventId });

export async function fetchPackageBySlug(slug: string, signal?: AbortSignal): Promise<Package | null> {
  const found = await apiRequest<Package[]>('/packages/public/search', { query: { field: 'slug', value: slug }, signal });
  return found[0] ?? null;
}

/** A published event by id (the public search shows only published ones), or null. */
export async function fetchEventById(id: string, signal?: AbortSignal): Promise<Event | null> {
  const found = await apiRequest<Event[]>('/events/search', { query: { field: 'id', value: id }, signal });
  return found[0] ?? null;
}

/** The event's active packages (the public search shows only active ones). */
export const fetchEventPackages = (eventId: string, signal?: AbortSignal) =>
  apiRequest<Package[]>('/packages/public/search', { query: { field: 'event_id', value: eventId }, signal });

/** Whether the package's registration deadline has passed. */
export const deadlinePassed = (pkg: Package, now = Date.now()) =>
  pkg.package_registration_deadline !== null && Date.parse(pkg.package_registration_deadline) <= now;
