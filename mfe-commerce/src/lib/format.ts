const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** ₹1,200 or ₹1,499.50. */
export function formatRupees(rupees: number): string {
  return rupeeFormat.format(rupees);
}

export function formatPaise(paise: number): string {
  return formatRupees(paise / 100);
}

const parts: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};

/** "December 1, 2026 at 10:00 AM IST": the consultancy's own time. */
export function formatIst(iso: string): string {
  return `${new Intl.DateTimeFormat('en-US', { ...parts, timeZone: 'Asia/Kolkata' }).format(new Date(iso))} IST`;
}

/** The same instant in the visitor's zone, the zone named; null when the visitor is on IST anyway. */
export function formatVisitorTime(iso: string, timeZone?: string): string | null {
  const format = new Intl.DateTimeFormat('en-US', { ...parts, timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) });
  const zone = format.resolvedOptions().timeZone;
  if (zone === 'Asia/Kolkata' || zone === 'Asia/Calcutta') return null;
  return format.format(new Date(iso));
}

/** A date and time in the visitor's zone, for deadlines. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { ...parts, timeZoneName: 'short' }).format(new Date(iso));
}
