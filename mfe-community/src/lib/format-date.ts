import { formatIstDate, formatLocalDate, type DateStyle } from '@site/shared/dates';

/** India's long form: "1 March 2027 at 3:30 pm IST". */
const STYLE: DateStyle = { order: 'day-month', meridiem: 'am' };

/** A date and time in the visitor's zone, the zone named (e.g. "IST", "GMT-5"). */
export function formatDateTime(iso: string): string {
  return formatLocalDate(iso, STYLE, true);
}

export function formatDate(iso: string): string {
  return formatLocalDate(iso, STYLE, false);
}

/** The same text on the server and in the browser (India's zone), for server-rendered pages. */
export function formatStable(iso: string, withTime: boolean): string {
  return formatIstDate(iso, STYLE, withTime);
}
