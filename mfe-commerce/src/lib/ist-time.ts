import {
  BOOKING_FIRST_HOUR,
  BOOKING_LAST_HOUR,
  BOOKING_STEP_MINUTES,
  IST_OFFSET_MS,
} from '@site/shared/contracts/booking-policy';

/*
 * The date picker works in the visitor's own zone, but bookable hours are India Standard Time.
 * The picker is therefore fed "IST wall-clock" dates: a local Date whose fields read as the IST time.
 */

/** The picker date showing the IST wall-clock time of an instant. */
export function toPickerDate(instant: Date): Date {
  const ist = new Date(instant.getTime() + IST_OFFSET_MS);
  return new Date(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), ist.getUTCHours(), ist.getUTCMinutes());
}

/** The instant a picker date stands for, its fields read as IST. */
export function fromPickerDate(picked: Date): Date {
  const utc = Date.UTC(picked.getFullYear(), picked.getMonth(), picked.getDate(), picked.getHours(), picked.getMinutes());
  return new Date(utc - IST_OFFSET_MS);
}

/** The free starts the server offers (GET /api/bookings/slots), by instant in milliseconds. */
export type FreeStarts = ReadonlySet<number>;

/** Whether the server offers a consultation starting at `start`, still in the future. */
export function isOffered(start: Date, free: FreeStarts, now: Date): boolean {
  return start.getTime() > now.getTime() && free.has(start.getTime());
}

/** Every bookable start of the IST day the picker date falls on, as picker dates. */
export function slotsOfDay(day: Date): Date[] {
  const slots: Date[] = [];
  for (let minutes = BOOKING_FIRST_HOUR * 60; minutes <= BOOKING_LAST_HOUR * 60; minutes += BOOKING_STEP_MINUTES) {
    slots.push(new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60));
  }
  return slots;
}

/** Whether a picker time of day lies within the bookable hours (times outside are not listed at all). */
export function isWithinHours(picked: Date): boolean {
  const minutes = picked.getHours() * 60 + picked.getMinutes();
  return minutes >= BOOKING_FIRST_HOUR * 60 && minutes <= BOOKING_LAST_HOUR * 60;
}

/**
 * The slot to keep when the picker reports `picked`: itself when free, else (a day was clicked, which
 * keeps the previous time of day) the first free slot of that day from that time on, else the day's
 * first free slot, else null.
 */
export function snapToFreeSlot(picked: Date, free: FreeStarts, now: Date): Date | null {
  const offered = slotsOfDay(picked).filter((slot) => isOffered(fromPickerDate(slot), free, now));
  return offered.find((slot) => slot.getTime() >= picked.getTime()) ?? offered[0] ?? null;
}
