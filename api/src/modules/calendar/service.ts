import fp from 'fastify-plugin';
import { createEvent, type EventAttributes } from 'ics';
import { auth, calendar as googleCalendar } from '@googleapis/calendar';
import type { Config } from '../../config';
import { site } from '@site/shared/site-config';

/** What an invitation needs to know about a booked consultation. */
export interface Booking {
  orderId: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  attendeeEmail: string;
  /** Raised on each change of the same booking, so calendars replace the earlier copy. */
  sequence: number;
  cancelled?: boolean;
  /** The booking's own meeting room: the invitation's LOCATION and URL. */
  meetingUrl?: string;
  /** Where it happens, when that is not a meeting room (an event's venue or link). */
  location?: string;
  /** Its page (an event's), when there is no meeting room. */
  url?: string;
}

export interface CalendarService {
  /** google when GOOGLE_* is set, else the .ics invitation goes by e-mail. */
  via: 'google' | 'ics_email';
  /** An iCalendar REQUEST (or CANCEL) for the booking: stable UID per order, times in UTC. */
  ics(booking: Booking): string;
  /** Creates the Google Calendar event inviting the attendee, with a Google Meet; answers its id and the Meet's link. */
  createGoogleEvent(booking: Booking): Promise<{ id: string; meetUrl?: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    calendar: CalendarService;
  }
}

/** A time as the `ics` library takes it, in UTC. */
export const utc = (date: Date): [number, number, number, number, number] => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
];

/** "Name <address>" or a bare address, as MAIL_FROM may be written. */
export function parseMailbox(value: string): { name?: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return match ? { name: match[1] || undefined, email: match[2]!.trim() } : { email: value.trim() };
}

/** The site's own mail domain: an invitation's UID is unique within it, stable across reschedules. */
/** The consultancy's own domain, which names its calendar events and their product. */
export const MAIL_DOMAIN = site.email.slice(site.email.indexOf('@') + 1);
/** A booking's event UID: the same in the invitation and the bookings feed, so a calendar holds it once. */
export const eventUid = (orderId: string) => `order-${orderId}@${MAIL_DOMAIN}`;

export function createCalendarService(config: Config, organizer: { name?: string; email: string }): CalendarService {
  const ics = (booking: Booking): string => {
    const attributes: EventAttributes = {
      uid: eventUid(booking.orderId),
      sequence: booking.sequence,
      method: booking.cancelled ? 'CANCEL' : 'REQUEST',
      status: booking.cancelled ? 'CANCELLED' : 'CONFIRMED',
      productId: `${MAIL_DOMAIN}/booking`,
      start: utc(booking.start),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: utc(booking.end),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: booking.title,
      description: booking.description,
      ...(booking.meetingUrl ? { location: booking.meetingUrl, url: booking.meetingUrl } : {}),
      ...(!booking.meetingUrl && booking.location ? { location: booking.location } : {}),
      ...(!booking.meetingUrl && booking.url ? { url: booking.url } : {}),
      organizer: { name: organizer.name ?? site.name, email: organizer.email },
      attendees: [{ name: booking.attendeeEmail, email: booking.attendeeEmail, rsvp: true, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' }],
    };
    const { error, value } = createEvent(attributes);
    if (error || !value) throw error ?? new Error('The invitation could not be built');
    return value;
  };

  const google =
    config.GOOGLE_CLIENT_EMAIL && config.GOOGLE_PRIVATE_KEY
      ? googleCalendar({
          version: 'v3',
          auth: new auth.JWT({
            email: config.GOOGLE_CLIENT_EMAIL,
            // Keys pasted into an environment variable usually carry escaped newlines.
            key: config.GOOGLE_PRIVATE_KEY.replace(/\\n/g, '\n'),
            scopes: ['https://www.googleapis.com/auth/calendar.events'],
          }),
        })
      : undefined;

  return {
    via: google ? 'google' : 'ics_email',
    ics,
    async createGoogleEvent(booking) {
      if (!google) throw new Error('Google Calendar is not configured');
      const { data } = await google.events.insert({
        calendarId: config.GOOGLE_CALENDAR_ID ?? 'primary',
        sendUpdates: 'all',
        conferenceDataVersion: 1,
        requestBody: {
          // A Google Meet of its own, made with the event (the request id makes a retry ask for the same one).
          conferenceData: { createRequest: { requestId: booking.orderId, conferenceSolutionKey: { type: 'hangoutsMeet' } } },
          iCalUID: eventUid(booking.orderId),
          summary: booking.title,
          description: booking.description,
          start: { dateTime: booking.start.toISOString(), timeZone: 'UTC' },
          end: { dateTime: booking.end.toISOString(), timeZone: 'UTC' },
          attendees: [{ email: booking.attendeeEmail }],
        },
      });
      const meetUrl = data.hangoutLink ?? data.conferenceData?.entryPoints?.find((entry) => entry.entryPointType === 'video')?.uri ?? undefined;
      return { id: data.id ?? '', ...(meetUrl ? { meetUrl } : {}) };
    },
  };
}

export const calendarPlugin = fp(
  async (app) => {
    const { config } = app;
    app.decorate('calendar', createCalendarService(config, parseMailbox(app.mail.from)));
  },
  { name: 'calendar', dependencies: ['mail'] },
);
