import { describe, expect, it } from 'vitest';
import { fromPickerDate, isOffered, isWithinHours, slotsOfDay, snapToFreeSlot, toPickerDate } from './ist-time';

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

  it('offers only the starts the server listed, and only while they are ahead', () => {
    const free = new Set([Date.parse('2026-12-02T04:30:00Z'), Date.parse('2026-11-30T04:30:00Z')]); // 10:00 IST
    expect(isOffered(at('2026-12-02T04:30:00Z'), free, now)).toBe(true);
    expect(isOffered(at('2026-12-02T04:45:00Z'), free, now)).toBe(false); // not listed
    expect(isOffered(at('2026-11-30T04:30:00Z'), free, now)).toBe(false); // listed, but past by now
  });

  it('snaps a clicked day to a free slot at or after the kept time of day, else the first of the day', () => {
    // 9:00, 11:00 and 11:15 IST are free.
    const free = new Set(['2026-12-02T03:30:00Z', '2026-12-02T05:30:00Z', '2026-12-02T05:45:00Z'].map(Date.parse));
    const kept = snapToFreeSlot(new Date(2026, 11, 2, 10, 0), free, now);
    expect([kept!.getHours(), kept!.getMinutes()]).toEqual([11, 0]);
    const late = snapToFreeSlot(new Date(2026, 11, 2, 23, 10), free, now);
    expect([late!.getHours(), late!.getMinutes()]).toEqual([9, 0]);
    expect(snapToFreeSlot(new Date(2026, 11, 3, 10, 0), free, now)).toBeNull(); // nothing free that day
  });
});
