import { consultationPackages } from '../site-config';

export type { BookingPackage } from '../site-config';

/** The consultation packages (declared with the site's content). */
export const bookingPackages = consultationPackages;

/** Bookable start times (spec §5, §9): 9:00 to 18:00 inclusive, India Standard Time, 15-minute steps. */
export const BOOKING_TIME_ZONE = 'Asia/Kolkata';
export const BOOKING_FIRST_HOUR = 9;
export const BOOKING_LAST_HOUR = 18;
export const BOOKING_STEP_MINUTES = 15;
/** IST is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MINUTES = 330;

/** Whether a start instant is a bookable time of day (ignores whether it is in the future or free). */
export function isBookableStart(start: Date): boolean {
  if (Number.isNaN(start.getTime()) || start.getUTCSeconds() !== 0 || start.getUTCMilliseconds() !== 0) return false;
  const minutes = (start.getUTCHours() * 60 + start.getUTCMinutes() + IST_OFFSET_MINUTES) % (24 * 60);
  return minutes % BOOKING_STEP_MINUTES === 0 && minutes >= BOOKING_FIRST_HOUR * 60 && minutes <= BOOKING_LAST_HOUR * 60;
}
