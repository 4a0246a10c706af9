import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '@site/shared/api-client';
import type { BusyAnswer } from '@site/shared/contracts/orders';

/** How far ahead a consultation can be booked (the busy query allows at most 62 days). */
export const BOOKING_WINDOW_DAYS = 60;

/**
 * Taken consultation slots within the booking window; empty until known (the server still refuses
 * a taken slot). `refresh` asks again, e.g. after the server said the chosen time was just taken.
 */
export function useBusySlots(): { busy: BusyAnswer; refresh: () => void } {
  const [busy, setBusy] = useState<BusyAnswer>([]);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const from = new Date();
    const to = new Date(from.getTime() + (BOOKING_WINDOW_DAYS + 1) * 86_400_000);
    apiRequest<BusyAnswer>('/bookings/busy', {
      query: { from: from.toISOString(), to: to.toISOString() },
      signal: controller.signal,
    })
      .then((answer) => setBusy(answer))
      .catch(() => undefined);
    return () => controller.abort();
  }, [round]);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { busy, refresh };
}
