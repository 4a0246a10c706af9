import { apiRequest } from '@site/shared/api-client';
import type { SlotsAnswer } from '@site/shared/contracts/availability';
import { IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import { formatWhen } from '@site/shared/dates';
import { useQuery } from '@site/shared/query';
import type { FreeStarts } from '../../lib/ist-time';

/** How far ahead a consultation can be booked (the slot list answers at most 62 days at once). */
export const BOOKING_WINDOW_DAYS = 60;

/** What the booking form says while the list loads, when it failed, and when nothing is free. */
export const SLOT_TEXTS = {
  loading: 'Loading the free times…',
  failed: 'The free times could not be loaded.',
  none: `No free times in the next ${BOOKING_WINDOW_DAYS} days. Please contact us.`,
  /** A time typed before the list arrived, which it does not offer. */
  notFree: (start: Date) => `${formatWhen(start.toISOString())} is not free. Please choose another time.`,
};

const NOTHING_FREE: FreeStarts = new Set();

/** "2026-12-01": the IST date `days` after today's. */
const istDate = (days: number) => new Date(Date.now() + IST_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The free starts of one consultation type from today to the end of the booking window, as the
 * server computes them (working hours, notice, buffers, other bookings, the consultant's own
 * calendar). `refresh` asks again, e.g. after the server said the chosen time was just taken.
 */
export function useFreeSlots(packageId: string): { free: FreeStarts; state: 'loading' | 'ready' | 'error'; refresh: () => void } {
  const { data, state, reload } = useQuery(`/bookings/slots?${packageId}`, async (signal) => {
    const answer = await apiRequest<SlotsAnswer>('/bookings/slots', { query: { package_id: packageId, from: istDate(0), to: istDate(BOOKING_WINDOW_DAYS) }, signal });
    return new Set(answer.slots.map(Date.parse)) as FreeStarts;
  });
  return { free: data ?? NOTHING_FREE, state, refresh: reload };
}
