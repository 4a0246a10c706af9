import { apiRequest } from '@site/shared/api-client';
import type { Package } from '@site/shared/contracts/packages';
import { preloadKey } from '@site/shared/preloaded';

/** Keys of the reads a server-rendered page is made from (api/src/modules/ssr reads the same). */
export const packageBySlugKey = (slug: string) => preloadKey('/packages/public/search', { field: 'slug', value: slug });
export const eventPackagesKey = (eventId: string) => preloadKey('/packages/public/search', { field: 'event_id', value: eventId });

export async function fetchPackageBySlug(slug: string, signal?: AbortSignal): Promise<Package | null> {
  const found = await apiRequest<Package[]>('/packages/public/search', { query: { field: 'slug', value: slug }, signal });
  return found[0] ?? null;
}

/** The event's active packages (the public search shows only active ones). */
export const fetchEventPackages = (eventId: string, signal?: AbortSignal) =>
  apiRequest<Package[]>('/packages/public/search', { query: { field: 'event_id', value: eventId }, signal });

/** Whether the package's registration deadline has passed. */
export const deadlinePassed = (pkg: Package, now = Date.now()) =>
  pkg.package_registration_deadline !== null && Date.parse(pkg.package_registration_deadline) <= now;
