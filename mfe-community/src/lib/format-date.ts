type Options = Intl.DateTimeFormatOptions;

/** A formatter built on first use: each takes milliseconds to build, and most pages need only some. */
function formatter(locale: string | undefined, options: Options): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, options));
}

const DAY: Options = { year: 'numeric', month: 'long', day: 'numeric' };
const DAY_AND_TIME: Options = { ...DAY, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

const dateTime = formatter(undefined, DAY_AND_TIME);
const dateOnly = formatter(undefined, DAY);

/** A date and time in the visitor's locale and zone, the zone named (e.g. "IST"). */
export function formatDateTime(iso: string): string {
  return dateTime().format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly().format(new Date(iso));
}

const stableDateTime = formatter('en-IN', { ...DAY_AND_TIME, timeZone: 'Asia/Kolkata' });
const stableDate = formatter('en-IN', { ...DAY, timeZone: 'Asia/Kolkata' });

/** The same text on the server and in the browser (India's locale and zone), for server-rendered pages. */
export function formatStable(iso: string, withTime: boolean): string {
  return (withTime ? stableDateTime : stableDate)().format(new Date(iso));
}
