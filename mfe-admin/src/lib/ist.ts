import { BOOKING_TIME_ZONE, BOOKING_ZONE_LABEL, istLocalToDate, IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';

/** Admins enter and read event times in the booking zone (India Standard Time, no daylight saving). */

/** An ISO timestamp as the value of a datetime-local input, in IST. */
export function toIstInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const shifted = new Date(Date.parse(iso) + IST_OFFSET_MS);
  return shifted.toISOString().slice(0, 16);
}

/** A datetime-local value read as IST, as an ISO timestamp (UTC); null when empty or invalid. */
export function fromIstInput(value: string): string | null {
  return istLocalToDate(value)?.toISOString() ?? null;
}

const istFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: BOOKING_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A timestamp shown in IST, labelled. */
export const formatIst = (iso: string | null | undefined): string => (iso ? `${istFormat.format(new Date(iso))} ${BOOKING_ZONE_LABEL}` : '—');

const dateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: BOOKING_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric' });
export const formatDate = (iso: string | null | undefined): string => (iso ? dateFormat.format(new Date(iso)) : '—');
