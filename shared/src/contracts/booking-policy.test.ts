import { describe, expect, it } from 'vitest';
import { BOOKING_HOURS_TEXT, IST_OFFSET, IST_OFFSET_MS, istLocalToDate, isBookableStart } from './booking-policy';

describe('the booking policy', () => {
  it('states the zone and hours the spec gives (IST, 9 to 18 inclusive, 15-minute steps)', () => {
    expect(IST_OFFSET).toBe('+05:30');
    expect(IST_OFFSET_MS).toBe(19_800_000);
    expect(BOOKING_HOURS_TEXT).toBe('9:00 AM and 6:00 PM');
    expect(isBookableStart(new Date('2026-12-01T09:00:00+05:30'))).toBe(true);
    expect(isBookableStart(new Date('2026-12-01T18:00:00+05:30'))).toBe(true);
    expect(isBookableStart(new Date('2026-12-01T18:15:00+05:30'))).toBe(false);
    expect(isBookableStart(new Date('2026-12-01T08:45:00+05:30'))).toBe(false);
    expect(isBookableStart(new Date('2026-12-01T10:10:00+05:30'))).toBe(false);
  });

  it('reads a datetime-local value as IST', () => {
    expect(istLocalToDate('2026-12-01T10:15')?.toISOString()).toBe('2026-12-01T04:45:00.000Z');
    expect(istLocalToDate('2026-12-01')).toBeUndefined();
    expect(istLocalToDate('2026-13-01T10:15')).toBeUndefined();
  });
});
