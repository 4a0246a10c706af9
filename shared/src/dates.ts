/**
 * Dates and times written without `Intl` (decision 031). A page's first `Intl` formatter loads the
 * browser's locale data: 16–46 ms of main thread on a fast desktop, paid by every server-rendered
 * page with a date while it hydrated. English month names, the consultancy's zone (IST, UTC+5:30
 * all year) or the visitor's (the browser's, named by its offset).
 */
import { BOOKING_ZONE_LABEL, IST_OFFSET_MINUTES, IST_OFFSET_MS } from './contracts/booking-policy';

/**
 * India's offset, for code that reckons in India's time: `dates` is bundled into each front end,
 * where `contracts/booking-policy` is a module of its own, fetched through the federation runtime.
 */
export { IST_OFFSET_MS };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface DateStyle {
  /** "1 March 2027" (India's) or "March 1, 2027" (the booking screens', as the spec shows them). */
  order: 'day-month' | 'month-day';
  /** "3:30 pm" or "3:30 PM". */
  meridiem: 'am' | 'AM';
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  /** The zone's name, or null for a date without its time. */
  zone: string | null;
}

/** "IST", "UTC", else the offset as browsers name a zone without an abbreviation: "GMT-5", "GMT+5:45". */
export function zoneName(offsetMinutes: number): string {
  if (offsetMinutes === IST_OFFSET_MINUTES) return BOOKING_ZONE_LABEL;
  if (offsetMinutes === 0) return 'UTC';
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60;
  return `GMT${offsetMinutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

function write({ year, month, day, hours, minutes, zone }: Parts, style: DateStyle): string {
  const date = style.order === 'day-month' ? `${day} ${MONTHS[month]} ${year}` : `${MONTHS[month]} ${day}, ${year}`;
  if (zone === null) return date;
  const meridiem = hours < 12 ? 'am' : 'pm';
  return `${date} at ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${style.meridiem === 'AM' ? meridiem.toUpperCase() : meridiem} ${zone}`;
}

/** The booking screens', e-mails' and receipts' style, as the spec shows a booking: "March 1, 2027 at 3:30 PM IST". */
export const BOOKING_DATE_STYLE: DateStyle = { order: 'month-day', meridiem: 'AM' };

/** The instant in India's zone: the same text on the server and in any browser. A value that is not a date is returned as it came. */
export function formatIstDate(iso: string, style: DateStyle, withTime: boolean): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const at = new Date(ms + IST_OFFSET_MS);
  return write(
    { year: at.getUTCFullYear(), month: at.getUTCMonth(), day: at.getUTCDate(), hours: at.getUTCHours(), minutes: at.getUTCMinutes(), zone: withTime ? 'IST' : null },
    style,
  );
}

/**
 * The instant's wall clock in India as ISO 8601 writes a local time, "2026-12-01T15:45:00", for
 * machines and forms: its first 10 characters are India's date, its first 16 a datetime-local
 * input's value, with a space for the T a spreadsheet's date and time. Null when it is not a date.
 */
export function istLocalIso(at: string | number | Date): string | null {
  const ms = typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : at.getTime();
  if (Number.isNaN(ms)) return null;
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19);
}

/** The instant in the visitor's zone, named when the time is shown. For the browser, once hydrated. */
export function formatLocalDate(iso: string, style: DateStyle, withTime: boolean): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return write(
    { year: at.getFullYear(), month: at.getMonth(), day: at.getDate(), hours: at.getHours(), minutes: at.getMinutes(), zone: withTime ? zoneName(-at.getTimezoneOffset()) : null },
    style,
  );
}

/**
 * The one way the site writes an instant, on every page, e-mail and admin screen: India's time,
 * labelled, in the spec's booking style ("December 4, 2026 at 2:30 PM IST"); a date alone is
 * India's date ("December 4, 2026"), so a post published late on the 28th in UTC reads the 29th
 * as it does in admin.
 */
export function formatWhen(at: string | Date, withTime = true): string {
  return formatIstDate(typeof at === 'string' ? at : at.toISOString(), BOOKING_DATE_STYLE, withTime);
}

/** The same instant in the visitor's zone, named; null when the visitor is on IST anyway. Browser only, once hydrated. */
export function formatVisitorWhen(iso: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || zoneName(-at.getTimezoneOffset()) === BOOKING_ZONE_LABEL) return null;
  return formatLocalDate(iso, BOOKING_DATE_STYLE, true);
}
