/** Admins enter and read event times in India Standard Time (UTC+05:30, no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;

/** An ISO timestamp as the value of a datetime-local input, in IST. */
export function toIstInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const shifted = new Date(Date.parse(iso) + IST_OFFSET_MS);
  return shifted.toISOString().slice(0, 16);
}

/** A datetime-local value read as IST, as an ISO timestamp (UTC); null when empty or invalid. */
export function fromIstInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const utc = Date.parse(`${value}:00.000Z`) - IST_OFFSET_MS;
  return Number.isNaN(utc) ? null : new Date(utc).toISOString();
}

const istFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A timestamp shown in IST, labelled. */
export const formatIst = (iso: string | null | undefined): string => (iso ? `${istFormat.format(new Date(iso))} IST` : '—');

const dateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'short', day: 'numeric' });
export const formatDate = (iso: string | null | undefined): string => (iso ? dateFormat.format(new Date(iso)) : '—');
