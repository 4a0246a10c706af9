import type { ConsultationPackage } from '@site/shared/contracts/consultations';
import { routeRead } from '@site/shared/preloaded';
import { useApiRead } from '@site/shared/query';

/** The consultation catalogue's read: the server renders the home page with its answer. */
export const BOOKING_PACKAGES_KEY = routeRead('mfe_marketing', '/', 'packages');

export type BookingPackagesState =
  | { phase: 'loading' }
  | { phase: 'failed'; retry: () => void }
  | { phase: 'ready'; packages: readonly ConsultationPackage[] };

/** The packages and prices as the catalogue holds them (the server's answer is the only price source). */
export function useBookingPackages(): BookingPackagesState {
  const catalogue = useApiRead<ConsultationPackage[]>(BOOKING_PACKAGES_KEY);
  if (catalogue.state === 'ready') return { phase: 'ready', packages: catalogue.data };
  if (catalogue.state === 'error') return { phase: 'failed', retry: catalogue.reload };
  return { phase: 'loading' };
}
