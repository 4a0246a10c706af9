import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createEvents, type EventAttributes } from 'ics';
import type { CalendarFeed, CalendarFeeds } from '@site/shared/contracts/availability';
import { site } from '@site/shared/site-config';
import type { Db } from '../../db/database';
import { storedSecret } from '../../db/settings';
import { emailOrigin } from '../../lib/origin';
import { HttpError } from '../../plugins/errors';
import { eventUid, MAIL_DOMAIN, utc } from '../calendar/service';
import { feedRepository } from './feed-repository';
import { busyTimesOf } from './ical-busy';
import type { FeedRow } from './table';

/** The job that fetches every feed, every few minutes, on one instance of the cluster. */
export const FEED_FETCH_QUEUE = 'calendar.fetch-feeds';
export const FEED_FETCH_CRON = '*/5 * * * *';
/** How far ahead a fetch keeps busy times: past the booking window (60 days) with room. */
const HORIZON_MS = 90 * 86_400_000;
/** And behind: a booking's buffers may reach back into yesterday. */
const BEHIND_MS = 86_400_000;
const FETCH_TIMEOUT_MS = 15_000;
/** A calendar larger than this is refused rather than read into memory. */
const MAX_FEED_BYTES = 5 * 1024 * 1024;
/** The bookings' own feed: from a month back to a year ahead. */
const OWN_FEED_BEHIND_MS = 30 * 86_400_000;
const OWN_FEED_AHEAD_MS = 366 * 86_400_000;


/** "calendar.google.com/…": where a secret address points, without the secret. */
function hintOf(url: string): string {
  try {
    return `${new URL(url.replace(/^webcal:/i, 'https:')).host}/…`;
  } catch {
    return '…';
  }
}

const toFeed = (row: FeedRow): CalendarFeed => ({
  id: row.id,
  label: row.label,
  url_hint: hintOf(row.url),
  fetched_at: row.fetchedAt?.toISOString() ?? null,
  checked_at: row.checkedAt?.toISOString() ?? null,
  error: row.lastError,
  busy_count: row.busyCount,
});

/** The feed's text; a failure in words the admin can act on. */
async function download(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url.replace(/^webcal:/i, 'https:'), { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw new Error((error as Error).name === 'TimeoutError' ? 'The calendar did not answer in time.' : 'The calendar could not be reached.');
  }
  if (!response.ok) throw new Error(`The calendar answered ${response.status}${response.status === 404 || response.status === 401 ? ': is the secret address still valid?' : '.'}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_FEED_BYTES) throw new Error('The calendar is too large to read.');
  const text = await response.text();
  if (text.length > MAX_FEED_BYTES) throw new Error('The calendar is too large to read.');
  return text;
}

/**
 * The consultant's own calendars: feeds fetched by a job, their busy times kept from the last good
 * fetch (a dead feed keeps blocking what it blocked, and says why it failed); and the consultancy's
 * paid bookings as a secret feed of its own for the consultant to subscribe to.
 */
export async function createCalendarFeeds(app: FastifyInstance) {
  const db = app.database.db;
  const ownFeedToken = await storedSecret(db, 'calendar_bookings_feed_token');

  /** Fetches one feed; its busy times are replaced only when it was read in full. */
  async function refresh(feed: FeedRow, now = new Date()): Promise<FeedRow> {
    try {
      const busy = busyTimesOf(await download(feed.url), now.getTime() - BEHIND_MS, now.getTime() + HORIZON_MS);
      await db.transaction((tx) => feedRepository.replaceBusy(tx, feed.id, busy, now));
    } catch (error) {
      const message = error instanceof Error && /calendar/.test(error.message) ? error.message : 'The calendar could not be read as iCalendar.';
      app.log.warn({ feedId: feed.id, reason: message }, 'calendar feed not fetched; its last good fetch stays');
      await feedRepository.recordFailure(db, feed.id, message, now);
    }
    return (await feedRepository.find(db, feed.id)) ?? feed;
  }

  return {
    refresh,
    busyBetween: feedRepository.busyBetween,

    async refreshAll(now = new Date()): Promise<void> {
      for (const feed of await feedRepository.list(db)) await refresh(feed, now);
    },

    async list(): Promise<CalendarFeeds> {
      return {
        feeds: (await feedRepository.list(db)).map(toFeed),
        bookings_feed_url: `${emailOrigin(app.config)}/api/calendar/bookings.ics?token=${ownFeedToken}`,
      };
    },

    /** Adds a feed and fetches it at once, so the admin sees whether it works. */
    async add(label: string, url: string): Promise<CalendarFeed> {
      return toFeed(await refresh(await feedRepository.insert(db, label, url)));
    },

    async refreshOne(id: string): Promise<CalendarFeed> {
      const feed = await feedRepository.find(db, id);
      if (!feed) throw new HttpError(404, 'not_found', 'Calendar not found.');
      return toFeed(await refresh(feed));
    },

    /** Removes a feed and its busy times, in `tx` (the audit's). */
    async remove(tx: Db, id: string): Promise<FeedRow> {
      const removed = await feedRepository.delete(tx, id);
      if (!removed) throw new HttpError(404, 'not_found', 'Calendar not found.');
      return removed;
    },

    /** The paid bookings as iCalendar, for the secret token only. */
    async bookingsFeed(token: string): Promise<string> {
      const given = Buffer.from(token);
      const expected = Buffer.from(ownFeedToken);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(404, 'not_found', 'Not found.');
      const now = Date.now();
      const rows = await app.orders.paidConsultations(new Date(now - OWN_FEED_BEHIND_MS), new Date(now + OWN_FEED_AHEAD_MS));
      const events: EventAttributes[] = rows.map((row) => ({
        uid: eventUid(row.id),
        sequence: row.inviteSequence,
        productId: `${MAIL_DOMAIN}/bookings`,
        start: utc(row.startTime!),
        startInputType: 'utc',
        startOutputType: 'utc',
        end: utc(row.endTime!),
        endInputType: 'utc',
        endOutputType: 'utc',
        title: `${row.packageName}: ${row.attendeeEmail ?? 'attendee'}`,
        description: `Order ${row.id}\n${emailOrigin(app.config)}/admin/orders`,
        status: 'CONFIRMED',
        busyStatus: 'BUSY',
        ...(row.meetingUrl ? { location: row.meetingUrl, url: row.meetingUrl } : {}),
      }));
      if (events.length === 0) return emptyCalendar();
      const { error, value } = createEvents(events, { calName: `${site.name} bookings` });
      if (error || !value) throw error ?? new Error('The bookings feed could not be built');
      return value;
    },
  };
}

/** A calendar with no event yet: valid iCalendar, so subscribing works from the first day. */
const emptyCalendar = () =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${MAIL_DOMAIN}/bookings`, 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${site.name} bookings`, 'END:VCALENDAR', ''].join('\r\n');

export type CalendarFeedsService = Awaited<ReturnType<typeof createCalendarFeeds>>;
