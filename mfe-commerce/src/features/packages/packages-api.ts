import type { Package } from '@site/shared/contracts/packages';
import { routeRead } from '@site/shared/preloaded';

/** Keys of the reads the server renders these pages with, as the remote table declares them. */
export const packageBySlugKey = (slug: string) => routeRead('mfe_commerce', '/packages/:slug', 'package', { slug });
/** An event ticket's event, read once the package is known. */
export const packageEventKey = (eventId: string) => routeRead('mfe_commerce', '/packages/:slug', 'event', { 'package.event_id': eventId });

/** The event page's packages, read once the event's id is known. */
export const eventPackagesKey = (eventId: string) => routeRead('mfe_community', '/event/:slug', 'packages', { 'event.id': eventId });

/** Whether the package's registration deadline has passed. */
export const deadlinePassed = (pkg: Package, now = Date.now()) =>
  pkg.package_registration_deadline !== null && Date.parse(pkg.package_registration_deadline) <= now;
