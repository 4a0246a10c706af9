import { BOOKING_HOURS_TEXT, BOOKING_ZONE_LABEL, isBookableStart } from '@site/shared/contracts/booking-policy';
import type { Tx } from '../../db/database';
import type { AvailabilityService } from '../availability/service';
import { HttpError } from '../../plugins/errors';
import { checkoutRepository } from './repository';

/**
 * The booking rules, in one place: when a consultation may start, and how a slot or an event seat
 * is claimed (a paid order, or an unpaid one still on hold, takes it). Booking and moving a booking
 * both go through here; whether the consultant is free then is availability's (the slot list's) rule.
 */
const CONSULTATION_LOCK = 'orders:consultation-calendar';

export const futureOnly = () => new HttpError(400, 'invalid_start_time', 'Please choose a time in the future.');
export const outsideHours = () =>
  new HttpError(400, 'invalid_start_time', `Bookings start between ${BOOKING_HOURS_TEXT} ${BOOKING_ZONE_LABEL}, on the quarter hour.`);

/** A start in the future, within bookable hours, on the quarter hour. */
export function checkStart(start: Date, now: Date): void {
  if (Number.isNaN(start.getTime()) || start <= now) throw futureOnly();
  if (!isBookableStart(start)) throw outsideHours();
}

/**
 * Takes the consultation calendar's lock in `tx`, then refuses a time the slot list would not offer:
 * working hours, notice, another booking or its buffers, the consultant's own busy times, the daily
 * cap (`exceptId`: the booking being moved).
 */
export async function claimSlot(availability: AvailabilityService, tx: Tx, start: Date, end: Date, now: Date, exceptId?: string): Promise<void> {
  await checkoutRepository.lock(tx, CONSULTATION_LOCK);
  await availability.assertBookable(tx, start, end, now, exceptId);
}

/** Takes the package's seat pool lock in `tx`, then refuses a seat beyond its capacity. */
export async function claimSeat(tx: Tx, packageId: string, capacity: number, now: Date): Promise<void> {
  await checkoutRepository.lock(tx, `orders:package:${packageId}`);
  if ((await checkoutRepository.countHeldSeats(tx, packageId, now)) >= capacity) throw new HttpError(409, 'sold_out', 'Sold out.');
}
