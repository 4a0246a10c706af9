import type { FastifyInstance } from 'fastify';
import type { AvailabilityBody } from '@site/shared/contracts/availability';
import { IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import { STARTER, type TestBuyer } from './orders-helpers';

/** What migration 0023 starts with: every day 9:00–18:00, 12 hours' notice, 15-minute buffers, no cap. */
export const DEFAULT_AVAILABILITY: AvailabilityBody = {
  week: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: true, first_start: '09:00', last_start: '18:00' })),
  notice_hours: 12,
  buffer_before_minutes: 15,
  buffer_after_minutes: 15,
  daily_cap: null,
};

export const putAvailability = (app: FastifyInstance, admin: TestBuyer, body: AvailabilityBody) =>
  app.inject({ method: 'PUT', url: '/api/admin/availability', headers: admin.headers, payload: body });

/** "09:30": the IST time of day of an instant. */
export const istClock = (iso: string) => new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(11, 16);

/** The instant of `clock` ("09:30") IST on the IST date `day`. */
export const startOn = (day: string, clock: string) => new Date(Date.parse(`${day}T${clock}:00Z`) - IST_OFFSET_MS).toISOString();

/** The free starts the slot api offers on one IST date, as "HH:MM" IST. */
export async function slotsOn(app: FastifyInstance, day: string, packageId = STARTER.id): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/api/bookings/slots?package_id=${packageId}&from=${day}&to=${day}` });
  if (res.statusCode !== 200) throw new Error(`slots: ${res.statusCode} ${res.body}`);
  return (res.json() as { slots: string[] }).slots.map(istClock);
}
