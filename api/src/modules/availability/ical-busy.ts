import ICAL from 'ical.js';
import { IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import type { Span } from './free-slots';

/**
 * The busy times of an iCalendar feed (the consultant's own calendar) within a window: single and
 * recurring events (RRULE, RDATE, EXDATE, moved occurrences), all-day events, any time zone. Parsed
 * by ical.js; free (TRANSP:TRANSPARENT) and cancelled events are not busy.
 */

/** Occurrences read from one recurring event at most: a runaway rule cannot stall the queue. */
const MAX_OCCURRENCES = 5_000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** A time zone's offset from UTC at an instant, in ms, or undefined for a name Intl does not know. */
function offsetIn(zone: string, ms: number): number | undefined {
  let format = offsetFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return undefined;
    }
    offsetFormats.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of a date-time. Its zone as the feed defines it (VTIMEZONE) or UTC; a TZID the feed
 * names without defining it (not allowed, but seen) by the IANA name; a floating time as the
 * consultant's own, India Standard Time.
 */
function instantOf(time: ICAL.Time, zoneName: string | undefined): number {
  const zone = time.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const first = zoneName ? offsetIn(zoneName, wall) : undefined;
  if (first === undefined) return wall - IST_OFFSET_MS;
  // The offset at the guess may differ from the one at the answer across a change of clocks.
  const second = offsetIn(zoneName!, wall - first)!;
  return wall - second;
}

/** The start of an IST date: an all-day event blocks the consultant's whole day. */
const istDateStart = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day) - IST_OFFSET_MS;

function spanOf(start: ICAL.Time, end: ICAL.Time, zoneName: string | undefined): Span {
  if (start.isDate) {
    const from = istDateStart(start);
    return { start: from, end: Math.max(istDateStart(end), from + 86_400_000) };
  }
  return { start: instantOf(start, zoneName), end: instantOf(end, zoneName) };
}

/** Busy spans of `text` meeting [from, to). Throws on text that is not iCalendar. */
export function busyTimesOf(text: string, from: number, to: number): Span[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  const masters = new Map<string, ICAL.Event>();
  for (const event of events) if (!event.isRecurrenceException()) masters.set(event.uid, event);
  for (const event of events) if (event.isRecurrenceException()) masters.get(event.uid)?.relateException(event);

  const busy: Span[] = [];
  const keep = (span: Span, status: string | null, transparency: string | null) => {
    if (status === 'CANCELLED' || transparency === 'TRANSPARENT') return;
    if (span.end > from && span.start < to && span.end > span.start) busy.push(span);
  };
  const statusOf = (event: ICAL.Event) => (event.component.getFirstPropertyValue('status') as string | null)?.toUpperCase() ?? null;
  const transparencyOf = (event: ICAL.Event) => (event.component.getFirstPropertyValue('transp') as string | null)?.toUpperCase() ?? null;
  const zoneNameOf = (event: ICAL.Event) => event.component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;

  for (const event of masters.values()) {
    if (!event.startDate) continue;
    const zoneName = zoneNameOf(event);
    if (!event.isRecurring()) {
      keep(spanOf(event.startDate, event.endDate, zoneName), statusOf(event), transparencyOf(event));
      continue;
    }
    const iterator = event.iterator();
    for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const span = spanOf(details.startDate, details.endDate, zoneNameOf(details.item) ?? zoneName);
      if (span.start >= to) break;
      keep(span, statusOf(details.item), transparencyOf(details.item));
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}
