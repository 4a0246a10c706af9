import type { FastifyInstance } from 'fastify';
import {
  clockOf,
  minutesOf,
  SLOT_RANGE_MAX_DAYS,
  type Availability,
  type AvailabilityBody,
  type DateOverride,
} from '@site/shared/contracts/availability';
import type { Db } from '../../db/database';
import { servicePlugin } from '../../lib/service-plugin';
import { HttpError } from '../../plugins/errors';
import { addDays, calendarOf, freeStarts as freeStartsOf, istDay, istDayStart, isoWeekday, refusalOf, type DayHours, type Refusal, type Span } from './free-slots';
import { createCalendarFeeds, FEED_FETCH_CRON, FEED_FETCH_QUEUE, type CalendarFeedsService } from './feeds';
import { availabilityRepository } from './repository';
import type { OverrideRow } from './table';

const MINUTE = 60_000;
const DAY = 86_400_000;

const toOverride = (row: OverrideRow): DateOverride => ({
  date: row.day,
  off: row.isOff,
  first_start: row.firstStart === null ? null : clockOf(row.firstStart),
  last_start: row.lastStart === null ? null : clockOf(row.lastStart),
  note: row.note,
});

/** The refusals of create-order and reschedule, in words (409: the time is fine, the calendar is not). */
function refused(refusal: Refusal, noticeMinutes: number, beforeMinutes: number, afterMinutes: number): HttpError {
  switch (refusal) {
    case 'off_hours':
      return new HttpError(409, 'outside_working_hours', 'The consultant does not take bookings at that time. Please choose one of the free times offered.');
    case 'short_notice': {
      const hours = noticeMinutes / 60;
      const notice = Number.isInteger(hours) ? `${hours} hour${hours === 1 ? '' : 's'}` : `${noticeMinutes} minutes`;
      return new HttpError(409, 'short_notice', `Bookings need at least ${notice}' notice. Please choose a later time.`);
    }
    case 'taken':
      return new HttpError(409, 'slot_taken', 'This time slot is no longer available. Please choose another time.');
    case 'buffer':
      return new HttpError(
        409,
        'slot_taken',
        `That time is too close to another appointment: ${beforeMinutes} minutes before and ${afterMinutes} minutes after each booking are kept free. Please choose another time.`,
      );
    case 'day_full':
      return new HttpError(409, 'day_full', 'That day is fully booked. Please choose another day.');
  }
}

/** Busy times from elsewhere (the consultant's own calendars) that meet [from, to). */
export type ExternalBusy = (executor: Db, from: Date, to: Date) => Promise<Span[]>;

/**
 * The consultant's availability: working hours, dates that differ and the booking rules (admin),
 * and the free consultation starts they leave (the slot list, and the booking's own check).
 */
export function createAvailabilityService(app: FastifyInstance) {
  const db = app.database.db;
  let externalBusy: ExternalBusy = async () => [];

  /**
   * The rules and bookings around the IST dates `from` to `to`, as the slot rules read them. Read one
   * after another: `executor` may be a booking's transaction, one connection, where a second query
   * asked for while one runs is queued by pg 8 with a warning and refused by pg 9.
   */
  async function load(executor: Db, from: string, to: string, now: Date, exceptId?: string) {
    const week = await availabilityRepository.week(executor);
    const rules = await availabilityRepository.rules(executor);
    const overrides = await availabilityRepository.overrides(executor, from, to);
    const weekHours = new Map<number, DayHours>(week.map((day) => [day.weekday, day.isOn ? { first: day.firstStart, last: day.lastStart } : null]));
    const dated = new Map<string, DayHours>(
      overrides.map((row) => [row.day, row.isOff ? null : { first: row.firstStart!, last: row.lastStart! }]),
    );
    const hoursOf = (day: string): DayHours => (dated.has(day) ? dated.get(day)! : (weekHours.get(isoWeekday(day)) ?? null));
    // Wide enough for the buffers and the longest consultation on either side of the range.
    const margin = DAY;
    const start = new Date(istDayStart(from) - margin);
    const end = new Date(istDayStart(addDays(to, 1)) + margin);
    const booked = await app.orders.booked(start, end, now, executor);
    const external = await externalBusy(executor, start, end);
    const bookings = booked.filter((b) => b.id !== exceptId).map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
    const slotRules = {
      noticeMs: rules.noticeMinutes * MINUTE,
      beforeMs: rules.bufferBeforeMinutes * MINUTE,
      afterMs: rules.bufferAfterMinutes * MINUTE,
      dailyCap: rules.dailyCap,
    };
    return { rules, calendar: calendarOf(slotRules, hoursOf, bookings, external) };
  }

  async function durationOf(packageId: string): Promise<number> {
    const pkg = await app.consultations.find(packageId);
    if (!pkg || !pkg.isActive) throw new HttpError(404, 'not_found', 'Package not found.');
    if (pkg.durationMinutes === 0 || pkg.pricePaise === null) {
      throw new HttpError(400, 'not_orderable', `${pkg.name} cannot be booked online. Please contact us.`);
    }
    return pkg.durationMinutes;
  }

  /**
   * Free starts of a consultation of `durationMinutes` on the IST dates `from` to `to`
   * (`exceptId`: a booking being moved, whose own time does not count as taken).
   */
  async function freeStarts(durationMinutes: number, from: string, to: string, options: { exceptId?: string; now?: Date } = {}): Promise<Date[]> {
    if (to < from) throw new HttpError(400, 'validation_error', 'The range must end on or after its first day.');
    if ((Date.parse(to) - Date.parse(from)) / DAY >= SLOT_RANGE_MAX_DAYS) {
      throw new HttpError(400, 'validation_error', `Ask for at most ${SLOT_RANGE_MAX_DAYS} days at once.`);
    }
    const now = options.now ?? new Date();
    const { calendar } = await load(db, from, to, now, options.exceptId);
    return freeStartsOf(calendar, from, to, durationMinutes * MINUTE, now.getTime()).map((ms) => new Date(ms));
  }

  return {
    /** Lets the calendar feeds add the consultant's own busy times (see feeds). */
    useExternalBusy(source: ExternalBusy): void {
      externalBusy = source;
    },

    freeStarts,

    /** GET /api/bookings/slots. */
    async slotsOf(packageId: string, from: string, to: string): Promise<string[]> {
      return (await freeStarts(await durationOf(packageId), from, to)).map((start) => start.toISOString());
    },

    /**
     * Inside the booking's transaction, after the calendar's lock: refuses, in words, a start the
     * slot list would not offer.
     */
    async assertBookable(tx: Db, start: Date, end: Date, now: Date, exceptId?: string): Promise<void> {
      const day = istDay(start.getTime());
      const { rules, calendar } = await load(tx, day, day, now, exceptId);
      const refusal = refusalOf(calendar, start.getTime(), end.getTime() - start.getTime(), now.getTime());
      if (refusal) throw refused(refusal, rules.noticeMinutes, rules.bufferBeforeMinutes, rules.bufferAfterMinutes);
    },

    /** Admin → Availability: the week, the rules and the overrides from today (IST) on. */
    async get(executor: Db = db): Promise<Availability> {
      const [week, rules, overrides] = await Promise.all([
        availabilityRepository.week(executor),
        availabilityRepository.rules(executor),
        availabilityRepository.overrides(executor, istDay(Date.now())),
      ]);
      return {
        week: week.map((day) => ({ weekday: day.weekday, on: day.isOn, first_start: clockOf(day.firstStart), last_start: clockOf(day.lastStart) })),
        notice_hours: Math.round(rules.noticeMinutes / 60),
        buffer_before_minutes: rules.bufferBeforeMinutes,
        buffer_after_minutes: rules.bufferAfterMinutes,
        daily_cap: rules.dailyCap,
        overrides: overrides.map(toOverride),
      };
    },

    async put(tx: Db, body: AvailabilityBody): Promise<void> {
      for (const day of body.week) {
        await availabilityRepository.putWeekday(tx, {
          weekday: day.weekday,
          isOn: day.on,
          firstStart: minutesOf(day.first_start),
          lastStart: minutesOf(day.last_start),
        });
      }
      await availabilityRepository.putRules(tx, {
        noticeMinutes: body.notice_hours * 60,
        bufferBeforeMinutes: body.buffer_before_minutes,
        bufferAfterMinutes: body.buffer_after_minutes,
        dailyCap: body.daily_cap,
      });
    },

    async putOverride(tx: Db, body: DateOverride): Promise<DateOverride> {
      const row = {
        day: body.date,
        isOff: body.off,
        firstStart: body.off || !body.first_start ? null : minutesOf(body.first_start),
        lastStart: body.off || !body.last_start ? null : minutesOf(body.last_start),
        note: body.note,
      };
      await availabilityRepository.putOverride(tx, row);
      return toOverride({ ...row, updatedAt: new Date() });
    },

    async deleteOverride(tx: Db, day: string): Promise<void> {
      if (!(await availabilityRepository.deleteOverride(tx, day))) throw new HttpError(404, 'not_found', 'There is no override on that date.');
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService> & { feeds: CalendarFeedsService };

declare module 'fastify' {
  interface FastifyInstance {
    availability: AvailabilityService;
  }
}

export const availabilityPlugin = servicePlugin(
  'availability',
  async (app) => {
    const availability = createAvailabilityService(app);
    const feeds = await createCalendarFeeds(app);
    availability.useExternalBusy(feeds.busyBetween);
    await app.jobs.define(FEED_FETCH_QUEUE, {
      options: { retryLimit: 0, expireInSeconds: 240 },
      handler: () => feeds.refreshAll(),
    });
    await app.jobs.schedule(FEED_FETCH_QUEUE, FEED_FETCH_CRON);
    return { ...availability, feeds };
  },
  { dependencies: ['database', 'jobs', 'orders', 'consultations'] },
);
