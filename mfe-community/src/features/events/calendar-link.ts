import type { Event } from '@site/shared/contracts/events';

const TWO_HOURS = 2 * 3_600_000;
const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** A prefilled Google Calendar "add event" link; an event without an end lasts 2 hours. */
export function googleCalendarLink(event: Event, pageUrl: string): string {
  const start = new Date(event.start_time);
  const end = event.end_time ? new Date(event.end_time) : new Date(start.getTime() + TWO_HOURS);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${stamp(start)}/${stamp(end)}`,
    details: `${event.description}\n\n${pageUrl}`,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
