import { BOOKING_STEP_MINUTES, IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import { istLocalIso } from '@site/shared/dates';

/**
 * Free consultation starts, computed once for the slot list and the booking's own check: both ask
 * `refusalOf`, so the form offers exactly what create-order and reschedule accept.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;

/** An interval in epoch milliseconds, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** First and last start of a working day, minutes of the IST day; null: a day off. */
export type DayHours = { first: number; last: number } | null;

export interface SlotRules {
  noticeMs: number;
  beforeMs: number;
  afterMs: number;
  dailyCap: number | null;
}

/** What a day's bookings look like to the rules, as `calendarOf` builds it. */
export interface BookingCalendar {
  rules: SlotRules;
  hoursOf: (day: string) => DayHours;
  /** Consultations (paid and held) and the consultant's own busy times, merged. */
  taken: Span[];
  /** The same, widened by the buffers: a booking may not overlap these either. */
  blocked: Span[];
  /** Consultations starting on each IST day. */
  perDay: Map<string, number>;
}

export type Refusal = 'off_hours' | 'short_notice' | 'taken' | 'buffer' | 'day_full';

/** "2026-12-01": the IST date of an instant. */
export const istDay = (ms: number) => istLocalIso(ms)!.slice(0, 10);
/** The instant an IST date begins. */
export const istDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
/** The IST date `days` after `day`. */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** ISO weekday of an IST date: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Sorted, overlapping or touching spans joined. */
function merge(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Whether [start, end) meets any of the merged, sorted `spans` (binary search). */
function overlaps(spans: Span[], start: number, end: number): boolean {
  let low = 0;
  let high = spans.length;
  // The first span ending after `start`; since merged spans are disjoint, their ends are sorted too.
  while (low < high) {
    const mid = (low + high) >> 1;
    if (spans[mid]!.end <= start) low = mid + 1;
    else high = mid;
  }
  return low < spans.length && spans[low]!.start < end;
}

/**
 * The calendar the rules read. A booking keeps `before` free ahead of it and `after` behind it, so
 * a new one may neither reach into another booking's buffers nor let its own buffers reach into
 * another booking: both come to keeping the larger of the two clear around each booking. The
 * consultant's own appointments need the new booking's buffers clear of them.
 */
export function calendarOf(rules: SlotRules, hoursOf: (day: string) => DayHours, bookings: Span[], external: Span[]): BookingCalendar {
  const around = Math.max(rules.beforeMs, rules.afterMs);
  const perDay = new Map<string, number>();
  for (const booking of bookings) perDay.set(istDay(booking.start), (perDay.get(istDay(booking.start)) ?? 0) + 1);
  return {
    rules,
    hoursOf,
    perDay,
    taken: merge([...bookings, ...external]),
    blocked: merge([
      ...bookings.map((b) => ({ start: b.start - around, end: b.end + around })),
      ...external.map((x) => ({ start: x.start - rules.afterMs, end: x.end + rules.beforeMs })),
    ]),
  };
}

/** Why a consultation of `durationMs` may not start at `start` (now being `now`), or null when it may. */
export function refusalOf(calendar: BookingCalendar, start: number, durationMs: number, now: number): Refusal | null {
  const day = istDay(start);
  return refusalOn(calendar, day, calendar.hoursOf(day), istDayStart(day), start, durationMs, now);
}

/** `refusalOf` for a start on IST date `day` whose hours and first instant are already known. */
function refusalOn(calendar: BookingCalendar, day: string, hours: DayHours, dayStart: number, start: number, durationMs: number, now: number): Refusal | null {
  const minute = (start - dayStart) / MINUTE;
  if (!hours || minute < hours.first || minute > hours.last || minute % BOOKING_STEP_MINUTES !== 0) return 'off_hours';
  if (start < now + calendar.rules.noticeMs || start <= now) return 'short_notice';
  const end = start + durationMs;
  if (overlaps(calendar.taken, start, end)) return 'taken';
  if (overlaps(calendar.blocked, start, end)) return 'buffer';
  const cap = calendar.rules.dailyCap;
  if (cap !== null && (calendar.perDay.get(day) ?? 0) >= cap) return 'day_full';
  return null;
}

/** Every free start of the IST dates `from` to `to` inclusive, in order (each day's facts worked out once). */
export function freeStarts(calendar: BookingCalendar, from: string, to: string, durationMs: number, now: number): number[] {
  const free: number[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const hours = calendar.hoursOf(day);
    if (!hours) continue;
    const dayStart = istDayStart(day);
    for (let minute = hours.first; minute <= hours.last; minute += BOOKING_STEP_MINUTES) {
      const start = dayStart + minute * MINUTE;
      if (refusalOn(calendar, day, hours, dayStart, start, durationMs, now) === null) free.push(start);
    }
  }
  return free;
}
