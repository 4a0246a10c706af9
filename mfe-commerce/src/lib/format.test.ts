import { describe, expect, it } from 'vitest';
import { formatIst, formatPaise, formatRupees, formatVisitorTime } from './format';

describe('formatting', () => {
  it('rupees with Indian grouping, paise to rupees', () => {
    expect(formatRupees(1200)).toBe('₹1,200');
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(1499.5)).toBe('₹1,499.5');
    expect(formatPaise(210000)).toBe('₹2,100');
  });

  it('a booked time in IST: month name, day, year, 12-hour time', () => {
    expect(formatIst('2026-12-02T04:30:00Z')).toBe('December 2, 2026 at 10:00 AM IST');
  });

  it("the visitor's own zone, named; nothing when the visitor is on IST", () => {
    expect(formatVisitorTime('2026-12-02T04:30:00Z', 'Europe/Berlin')).toBe('December 2, 2026 at 5:30 AM GMT+1');
    expect(formatVisitorTime('2026-12-02T04:30:00Z', 'Asia/Kolkata')).toBeNull();
  });
});
