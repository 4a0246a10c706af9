import { useEffect, useState } from 'react';
import { apiRequest } from '@site/shared/api-client';
import type { ConsultationPackage } from '@site/shared/contracts/orders';
import { bookingPackages, type BookingPackage } from './booking-packages';

/** The built-in packages at once, then the server's (it is the price authority) when they arrive. */
export function useBookingPackages(): readonly BookingPackage[] {
  const [packages, setPackages] = useState<readonly BookingPackage[]>(bookingPackages);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<ConsultationPackage[]>('/bookings/packages', { signal: controller.signal })
      .then((served) => {
        if (Array.isArray(served) && served.length > 0) setPackages(served);
      })
      .catch(() => {
        // the built-in values stay; the server still checks the amount when ordering
      });
    return () => controller.abort();
  }, []);
  return packages;
}
