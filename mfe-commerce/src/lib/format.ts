import { formatIstDate, formatLocalDate, zoneName, type DateStyle } from '@site/shared/dates';

// Written without Intl, whose first use on a page costs tens of milliseconds (decision 031).

/** "1,25,000": the last three digits, then pairs, as India groups them. */
function indianGrouping(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** "1,499.5": Indian grouping, at most two decimals, no trailing zeros (en-IN's default). */
function amount(value: number): string {
  const hundredths = Math.round(Math.abs(value) * 100);
  const whole = indianGrouping(String(Math.floor(hundredths / 100)));
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}`;
}

const sign = (value: number) => (Math.round(value * 100) < 0 ? '-' : '');

/** 1,25,000 or 1,499.5. */
export function formatNumber(value: number): string {
  return `${sign(value)}${amount(value)}`;
}

/** ₹1,200 or ₹1,499.5. */
export function formatRupees(rupees: number): string {
  return `${sign(rupees)}₹${amount(rupees)}`;
}

export function formatPaise(paise: number): string {
  return formatRupees(paise / 100);
}

/** Month name, day, year, 12-hour time, as the spec shows the booking's. */
const STYLE: DateStyle = { order: 'month-day', meridiem: 'AM' };

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
