import { useEffect, useState } from 'react';
import { apiRequest } from '@site/shared/api-client';
import type { ConsultationPackage } from '@site/shared/contracts/consultations';
import { routeRead, usePreloaded } from '@site/shared/preloaded';

/** The consultation catalogue's read: the server renders the home page with its answer. */
export const BOOKING_PACKAGES_KEY = routeRead('mfe_marketing', '/', 'packages');

export type BookingPackagesState =
  | { phase: 'loading' }
  | { phase: 'failed'; retry: () => void }
  | { phase: 'ready'; packages: readonly ConsultationPackage[] };

/** The packages and prices as the catalogue holds them (the server's answer is the only price source). */
export function useBookingPackages(): BookingPackagesState {
  const preloaded = usePreloaded<ConsultationPackage[]>(BOOKING_PACKAGES_KEY);
  const [fetched, setFetched] = useState<readonly ConsultationPackage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const hasPreloaded = preloaded !== undefined;
  useEffect(() => {
    if (hasPreloaded) return undefined;
    const controller = new AbortController();
    setFailed(false);
    apiRequest<ConsultationPackage[]>('/bookings/packages', { signal: controller.signal })
      .then((served) => setFetched(served))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [hasPreloaded, attempt]);
  const packages = preloaded ?? fetched;
  if (packages) return { phase: 'ready', packages };
  if (failed) return { phase: 'failed', retry: () => setAttempt((n) => n + 1) };
  return { phase: 'loading' };
}
