import { BOOKING_DATE_STYLE as STYLE, formatIstDate, formatLocalDate, zoneName } from '@site/shared/dates';

// Written without Intl, whose first use on a page costs tens of milliseconds (decision 031).
export { formatNumber, formatPaise, formatRupees } from '@site/shared/money';

/** "December 1, 2026 at 10:00 AM IST": the consultancy's own time. */
export function formatIst(iso: string): string {
  return formatIstDate(iso, STYLE, true);
}

/** The same instant in the visitor's zone, the zone named; null when the visitor is on IST anyway. */
export function formatVisitorTime(iso: string): string | null {
  const at = new Date(iso);
  if (!Number.isNaN(at.getTime()) && zoneName(-at.getTimezoneOffset()) === 'IST') return null;
  return formatLocalDate(iso, STYLE, true);
}

/** A date and time in the visitor's zone, for deadlines. */
export function formatDateTime(iso: string): string {
  return formatLocalDate(iso, STYLE, true);
}
