import { apiRequest } from '@site/shared/api-client';
import type { BusyAnswer } from '@site/shared/contracts/orders';
import { useQuery } from '@site/shared/query';

/** How far ahead a consultation can be booked (the busy query allows at most 62 days). */
export const BOOKING_WINDOW_DAYS = 60;

const NOTHING_KNOWN: BusyAnswer = [];

/** Taken slots from now to the end of the booking window. */
function fetchBusy(signal: AbortSignal): Promise<BusyAnswer> {
  const from = new Date();
  const to = new Date(from.getTime() + (BOOKING_WINDOW_DAYS + 1) * 86_400_000);
  return apiRequest<BusyAnswer>('/bookings/busy', { query: { from: from.toISOString(), to: to.toISOString() }, signal });
}

/**
 * Taken consultation slots within the booking window; empty until known (the server still refuses
 * a taken slot). `refresh` asks again, e.g. after the server said the chosen time was just taken.
 */
export function useBusySlots(): { busy: BusyAnswer; refresh: () => void } {
  const { data, reload } = useQuery('/bookings/busy', fetchBusy);
  return { busy: data ?? NOTHING_KNOWN, refresh: reload };
}
