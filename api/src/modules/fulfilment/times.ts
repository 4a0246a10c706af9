import { IST_OFFSET_MINUTES } from '@site/shared/contracts/booking-policy';
import { formatWhen } from '@site/shared/dates';

/** The wall clock of `date` in an IANA zone, read as if it were UTC (the server has every zone's rules). */
function wallClock(date: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  );
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!));
}

/**
 * "December 1, 2026 at 3:00 PM IST · 9:30 AM London": IST first, then the buyer's own time when
 * their zone is known (the browser's, sent with the booking) and differs; its date too when that
 * differs from India's. IST alone otherwise.
 */
export function whenForBuyer(date: Date, timeZone: string | null): string {
  const ist = formatWhen(date);
  if (!timeZone) return ist;
  let local: Date;
  try {
    local = wallClock(date, timeZone);
  } catch {
    return ist;
  }
  const offsetMinutes = (local.getTime() - date.getTime()) / 60_000;
  if (offsetMinutes === IST_OFFSET_MINUTES) return ist;
  // The wall clock read as UTC is the wall clock read as IST shifted back by IST's offset.
  const written = formatWhen(new Date(local.getTime() - IST_OFFSET_MINUTES * 60_000)).replace(/ IST$/, '');
  const place = timeZone.split('/').pop()!.replace(/_/g, ' ');
  const sameDay = written.split(' at ')[0] === ist.split(' at ')[0];
  return `${ist} · ${sameDay ? written.split(' at ')[1] : written} ${place}`;
}

/**
 * "3:00 PM IST · 9:30 AM London": a start's time of day as `whenForBuyer` writes it, for a list of
 * one day's times (the buyer's own date kept where it differs from India's).
 */
export function timeForBuyer(date: Date, timeZone: string | null): string {
  const when = whenForBuyer(date, timeZone);
  return when.slice(when.indexOf(' at ') + ' at '.length);
}
