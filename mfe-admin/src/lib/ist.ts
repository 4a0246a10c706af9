import { istLocalToDate } from '@site/shared/contracts/booking-policy';
import { formatWhen, istLocalIso } from '@site/shared/dates';

/** Admins enter and read event times in the booking zone (India Standard Time, no daylight saving). */

/** An ISO timestamp as the value of a datetime-local input, in IST. */
export function toIstInput(iso: string | null | undefined): string {
  return (iso && istLocalIso(iso)?.slice(0, 16)) || '';
}

/** A datetime-local value read as IST, as an ISO timestamp (UTC); null when empty or invalid. */
export function fromIstInput(value: string): string | null {
  return istLocalToDate(value)?.toISOString() ?? null;
}

/** A timestamp shown as everywhere on the site: IST, labelled, in the one shared style. */
export const formatIst = (iso: string | null | undefined): string => (iso ? formatWhen(iso) : '—');

/** India's date of a timestamp ("November 29, 2026"), as the public pages show it. */
export const formatDate = (iso: string | null | undefined): string => (iso ? formatWhen(iso, false) : '—');
