const dateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const dateOnly = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** A date and time in the visitor's locale and zone, the zone named (e.g. "IST"). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

const stableDateTime = new Intl.DateTimeFormat('en-IN', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'short',
});
const stableDate = new Intl.DateTimeFormat('en-IN', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Kolkata' });

/** The same text on the server and in the browser (India's locale and zone), for server-rendered pages. */
export function formatStable(iso: string, withTime: boolean): string {
  return (withTime ? stableDateTime : stableDate).format(new Date(iso));
}
