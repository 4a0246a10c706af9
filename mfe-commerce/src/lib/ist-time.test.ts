import { describe, expect, it } from 'vitest';
import { fromPickerDate, isSlotFree, isWithinHours, slotsOfDay, snapToFreeSlot, toPickerDate } from './ist-time';

const at = (iso: string) => new Date(iso);
const now = at('2026-12-01T00:00:00Z'); // 05:30 IST on December 1

describe('IST wall-clock picker dates', () => {
  it('shows an instant as its IST time and back, whatever the visitor zone', () => {
    const picked = toPickerDate(at('2026-12-02T04:30:00Z'));
    expect([picked.getFullYear(), picked.getMonth(), picked.getDate(), picked.getHours(), picked.getMinutes()]).toEqual([2026, 11, 2, 10, 0]);
    expect(fromPickerDate(picked).toISOString()).toBe('2026-12-02T04:30:00.000Z');
  });

  it('crosses midnight: 20:00 UTC is 01:30 the next day in IST', () => {
    const picked = toPickerDate(at('2026-12-02T20:00:00Z'));
    expect([picked.getDate(), picked.getHours(), picked.getMinutes()]).toEqual([3, 1, 30]);
  });
});

describe('bookable slots', () => {
  it('lists 9:00 to 18:00 inclusive in 15-minute steps', () => {
    const slots = slotsOfDay(new Date(2026, 11, 2));
    expect(slots).toHaveLength(37);
    expect([slots[0]!.getHours(), slots[0]!.getMinutes()]).toEqual([9, 0]);
    expect([slots.at(-1)!.getHours(), slots.at(-1)!.getMinutes()]).toEqual([18, 0]);
    expect(isWithinHours(new Date(2026, 11, 2, 8, 45))).toBe(false);
    expect(isWithinHours(new Date(2026, 11, 2, 18, 15))).toBe(false);
  });

  it('refuses past times, off-step times and times outside the hours', () => {
    expect(isSlotFree(at('2026-12-02T04:30:00Z'), 45, [], now)).toBe(true); // 10:00 IST
    expect(isSlotFree(at('2026-11-30T04:30:00Z'), 45, [], now)).toBe(false); // yesterday
    expect(isSlotFree(at('2026-12-02T04:40:00Z'), 45, [], now)).toBe(false); // 10:10 IST
    expect(isSlotFree(at('2026-12-02T03:15:00Z'), 45, [], now)).toBe(false); // 8:45 IST
    expect(isSlotFree(at('2026-12-02T12:30:00Z'), 45, [], now)).toBe(true); // 18:00 IST
    expect(isSlotFree(at('2026-12-02T12:45:00Z'), 45, [], now)).toBe(false); // 18:15 IST
  });

  it('refuses a start whose whole duration would overlap a taken slot, and allows back-to-back', () => {
    const busy = [{ start: '2026-12-02T05:30:00Z', end: '2026-12-02T06:15:00Z' }]; // 11:00–11:45 IST
    expect(isSlotFree(at('2026-12-02T05:00:00Z'), 45, busy, now)).toBe(false); // 10:30–11:15 overlaps
    expect(isSlotFree(at('2026-12-02T04:45:00Z'), 45, busy, now)).toBe(true); // 10:15–11:00 ends as it starts
    expect(isSlotFree(at('2026-12-02T04:45:00Z'), 90, busy, now)).toBe(false); // 10:15–11:45
    expect(isSlotFree(at('2026-12-02T06:15:00Z'), 45, busy, now)).toBe(true); // 11:45
    expect(isSlotFree(at('2026-12-02T06:00:00Z'), 45, busy, now)).toBe(false); // 11:30, inside
  });

  it('snaps a clicked day to a free slot at or after the kept time of day, else the first of the day', () => {
    const busy = [{ start: '2026-12-02T04:30:00Z', end: '2026-12-02T05:15:00Z' }]; // 10:00–10:45 IST
    const kept = snapToFreeSlot(new Date(2026, 11, 2, 10, 0), 45, busy, now);
    expect([kept!.getHours(), kept!.getMinutes()]).toEqual([10, 45]);
    const late = snapToFreeSlot(new Date(2026, 11, 2, 23, 10), 45, busy, now);
    expect([late!.getHours(), late!.getMinutes()]).toEqual([9, 0]);
    expect(snapToFreeSlot(new Date(2026, 10, 30, 10, 0), 45, [], now)).toBeNull(); // a past day
  });
});
