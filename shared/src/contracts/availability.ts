import { z } from 'zod';
import { BOOKING_FIRST_HOUR, BOOKING_LAST_HOUR, BOOKING_STEP_MINUTES } from './booking-policy';

/**
 * When the consultant takes bookings (Admin → Availability), inside the booking policy's window:
 * working hours per weekday, dates that differ, notice, buffers and a daily cap. The api computes
 * free slots from these; the admin screen edits them.
 */

/** ISO weekdays, Monday first, as the admin screen lists them. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** 570 → "09:30" (minutes of the IST day). */
export const clockOf = (minutes: number) => `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
/** "09:30" → 570. */
export const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export const FIRST_START = clockOf(BOOKING_FIRST_HOUR * 60);
export const LAST_START = clockOf(BOOKING_LAST_HOUR * 60);
const windowText = `between ${FIRST_START} and ${LAST_START} IST, on the quarter hour`;

/** A start time of day, "HH:MM" IST, inside the bookable window and on its steps. */
export const StartClock = z
  .string()
  .regex(/^\d{2}:\d{2}$/, `Enter a time as HH:MM, ${windowText}.`)
  .refine((value) => {
    const minutes = minutesOf(value);
    return minutes >= BOOKING_FIRST_HOUR * 60 && minutes <= BOOKING_LAST_HOUR * 60 && minutes % BOOKING_STEP_MINUTES === 0;
  }, `Start times are ${windowText}.`);

const ordered = (hours: { first_start?: string | null | undefined; last_start?: string | null | undefined }) =>
  !hours.first_start || !hours.last_start || minutesOf(hours.first_start) <= minutesOf(hours.last_start);
const orderIssue = { message: 'The last start cannot be before the first start.', path: ['last_start'] };

export const WeekdayHours = z
  .strictObject({
    /** 1 Monday … 7 Sunday. */
    weekday: z.number().int().min(1).max(7),
    on: z.boolean(),
    first_start: StartClock,
    last_start: StartClock,
  })
  .refine(ordered, orderIssue);
export type WeekdayHours = z.infer<typeof WeekdayHours>;

const overrideFields = {
  off: z.boolean(),
  first_start: StartClock.nullable(),
  last_start: StartClock.nullable(),
  note: z.string().trim().max(200).default(''),
};
const workingDayHasHours = (value: { off: boolean; first_start: string | null; last_start: string | null }) =>
  value.off || (value.first_start !== null && value.last_start !== null);
const hoursIssue = { message: 'A working day needs a first and a last start.', path: ['first_start'] };

/** PUT /api/admin/availability/overrides/{date}: that date off, or other first and last starts. */
export const DateOverrideBody = z.strictObject(overrideFields).refine(ordered, orderIssue).refine(workingDayHasHours, hoursIssue);
export type DateOverrideBody = z.input<typeof DateOverrideBody>;

/** A date whose hours differ from its weekday's. */
export const DateOverride = z
  .strictObject({ date: z.iso.date('Enter a date as YYYY-MM-DD.'), ...overrideFields })
  .refine(ordered, orderIssue)
  .refine(workingDayHasHours, hoursIssue);
export type DateOverride = z.output<typeof DateOverride>;
export const OverrideDateParams = z.strictObject({ date: z.iso.date('Enter a date as YYYY-MM-DD.') });

/** The rules besides the hours. */
export const AvailabilityRules = z.strictObject({
  /** No booking starts sooner than this after it is made. */
  notice_hours: z.number().int().min(0).max(720),
  buffer_before_minutes: z.number().int().min(0).max(240),
  buffer_after_minutes: z.number().int().min(0).max(240),
  /** At most this many consultations start on one IST day; null: no cap. */
  daily_cap: z.number().int().min(1).max(50).nullable(),
});
export type AvailabilityRules = z.infer<typeof AvailabilityRules>;

/** PUT /api/admin/availability: the whole week (each weekday once) and the rules. */
export const AvailabilityBody = AvailabilityRules.extend({
  week: z
    .array(WeekdayHours)
    .length(7)
    .refine((week) => new Set(week.map((day) => day.weekday)).size === 7, 'Give each weekday once.'),
});
export type AvailabilityBody = z.infer<typeof AvailabilityBody>;

/** GET /api/admin/availability: the week, the rules and the overrides from today on. */
export const Availability = AvailabilityBody.extend({ overrides: z.array(DateOverride) });
export type Availability = z.infer<typeof Availability>;

/** GET /api/bookings/slots: free starts of a consultation type between two IST dates (at most 62 days). */
export const SLOT_RANGE_MAX_DAYS = 62;
export const SlotsQuery = z.strictObject({
  package_id: z.uuid('Choose a consultation package.'),
  from: z.iso.date('Enter from as YYYY-MM-DD.'),
  to: z.iso.date('Enter to as YYYY-MM-DD.'),
});
export const SlotsAnswer = z.object({ slots: z.array(z.string()) });
export type SlotsAnswer = z.infer<typeof SlotsAnswer>;

/** POST /api/admin/availability/feeds: a secret iCalendar address of the consultant's own calendar. */
export const CalendarFeedBody = z.strictObject({
  label: z.string().trim().min(1, 'Give the calendar a name.').max(100),
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => /^(https?|webcal):\/\/[^\s/]+/i.test(value), 'Paste the calendar’s full secret address, starting with https:// or webcal://'),
});
export type CalendarFeedBody = z.infer<typeof CalendarFeedBody>;
export const CalendarFeedIdParams = z.strictObject({ id: z.uuid() });

/** A feed as the admin sees it: never its secret address, only where it points. */
export const CalendarFeed = z.object({
  id: z.string(),
  label: z.string(),
  /** "calendar.google.com/…": enough to tell feeds apart without showing the secret. */
  url_hint: z.string(),
  /** The last good fetch (its busy times count), or null before the first. */
  fetched_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** Why the last fetch failed; null when it worked. */
  error: z.string().nullable(),
  busy_count: z.number().int(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** GET /api/admin/availability/feeds: the feeds, and the secret address of the bookings' own feed. */
export const CalendarFeeds = z.object({ feeds: z.array(CalendarFeed), bookings_feed_url: z.string() });
export type CalendarFeeds = z.infer<typeof CalendarFeeds>;
