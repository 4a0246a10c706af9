/**
 * Rupee amounts, written once for every screen, e-mail, receipt and export that shows one: `₹`, then
 * the digits grouped as India groups them (`₹1,25,000`). Without `Intl`, whose first use on a page
 * costs tens of milliseconds (decision 031); checked against `Intl.NumberFormat('en-IN')` in tests.
 */

/** "1,25,000": the last three digits, then pairs. */
function indianGrouping(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

export interface AmountStyle {
  /** Always two decimals (`1,200.00`: only the admin package list, as the spec fixes it); else whole rupees bare and paise as two digits (`1,200`, `1,499.50`), as everywhere else. */
  paise?: boolean;
}

function amount(value: number, { paise = false }: AmountStyle): string {
  const hundredths = Math.round(Math.abs(value) * 100);
  const whole = indianGrouping(String(Math.floor(hundredths / 100)));
  const cents = String(hundredths % 100).padStart(2, '0');
  const fraction = paise || cents !== '00' ? cents : '';
  return `${whole}${fraction ? `.${fraction}` : ''}`;
}

const sign = (value: number) => (Math.round(value * 100) < 0 ? '-' : '');

/** 1,25,000 or 1,499.50 (no currency sign: a field already labelled in rupees). */
export function formatNumber(value: number, style: AmountStyle = {}): string {
  return `${sign(value)}${amount(value, style)}`;
}

/** ₹1,200 or ₹1,499.50; with `paise`, ₹1,200.00. */
export function formatRupees(rupees: number, style: AmountStyle = {}): string {
  return `${sign(rupees)}₹${amount(rupees, style)}`;
}

/** Rupees (forms, the catalogue) as paise (orders, payment providers), rounded to a whole paisa. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);

/** Paise as rupees. */
export const toRupees = (paise: number): number => paise / 100;

/** An amount kept in paise (orders), in rupees. */
export function formatPaise(paise: number, style: AmountStyle = {}): string {
  return formatRupees(toRupees(paise), style);
}
