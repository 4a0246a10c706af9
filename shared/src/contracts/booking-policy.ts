/**
 * The consultancy's booking rules (spec §5, §9), stated once: the api enforces them and every text
 * that states a rule (forms, e-mails, link pages, policies, the assistant) is built from them.
 * Plain data and pure functions only: no browser code, no `Intl`.
 */

/** India Standard Time: the zone of every booking, event time and admin chart. */
export const BOOKING_TIME_ZONE = 'Asia/Kolkata';
/** How the zone is labelled next to a time, and its name in a sentence. */
export const BOOKING_ZONE_LABEL = 'IST';
export const BOOKING_ZONE_NAME = 'India Standard Time';
/** IST is UTC+05:30 all year (no daylight saving), so a fixed offset is exact. */
export const IST_OFFSET_MINUTES = 330;
export const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const twoDigits = (n: number) => String(n).padStart(2, '0');
/** The offset as ISO 8601 writes it: `2026-12-01T10:15:00+05:30`. */
export const IST_OFFSET = `+${twoDigits(Math.floor(IST_OFFSET_MINUTES / 60))}:${twoDigits(IST_OFFSET_MINUTES % 60)}`;

/** Bookable start times: from the first to the last hour inclusive, IST, in steps. */
export const BOOKING_FIRST_HOUR = 9;
export const BOOKING_LAST_HOUR = 18;
export const BOOKING_STEP_MINUTES = 15;

/** A booking can be moved to another slot until this long before it starts. */
export const RESCHEDULE_CUTOFF_HOURS = 24;
export const RESCHEDULE_CUTOFF_MS = RESCHEDULE_CUTOFF_HOURS * 3_600_000;
/** Refund policy: a full refund when cancelled within this long of payment (and no work started). */
export const REFUND_WINDOW_HOURS = 48;
export const REFUND_WINDOW_MS = REFUND_WINDOW_HOURS * 3_600_000;

/** "9:00 AM", "6:00 PM": an hour of the day as the booking texts write it. */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "9:00 AM and 6:00 PM" */
export const BOOKING_HOURS_TEXT = `${hourLabel(BOOKING_FIRST_HOUR)} and ${hourLabel(BOOKING_LAST_HOUR)}`;

/** Whether a start instant is a bookable time of day (ignores whether it is in the future or free). */
export function isBookableStart(start: Date): boolean {
  if (Number.isNaN(start.getTime()) || start.getUTCSeconds() !== 0 || start.getUTCMilliseconds() !== 0) return false;
  const minutes = (start.getUTCHours() * 60 + start.getUTCMinutes() + IST_OFFSET_MINUTES) % (24 * 60);
  return minutes % BOOKING_STEP_MINUTES === 0 && minutes >= BOOKING_FIRST_HOUR * 60 && minutes <= BOOKING_LAST_HOUR * 60;
}

/** The IST wall-clock reading of an instant, as a Date whose UTC fields are IST's. */
export const istWallClock = (date: Date): Date => new Date(date.getTime() + IST_OFFSET_MS);

/** "2026-12-01T10:15" (an IST wall-clock time) → the instant, or undefined. */
export function istLocalToDate(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}:00${IST_OFFSET}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
