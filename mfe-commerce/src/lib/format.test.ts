import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatIst, formatNumber, formatPaise, formatRupees, formatVisitorTime } from './format';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('formatting', () => {
  it('rupees with Indian grouping, paise to rupees', () => {
    expect(formatRupees(1200)).toBe('₹1,200');
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(1499.5)).toBe('₹1,499.5');
    expect(formatPaise(210000)).toBe('₹2,100');
  });

  it('rupees as Intl writes them in en-IN, without building an Intl formatter', () => {
    const reference = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });
    const plain = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
    const values = [0, 1, 9.99, 99, 999, 1000, 1499.5, 12345.67, 99999.99, 100000, 1234567.8, 123456789, 0.1 + 0.2, 2.675, 5000000, -1500.25];
    const built = vi.spyOn(Intl, 'NumberFormat');
    const ours = values.map((value) => [formatRupees(value), formatNumber(value)]);
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
    expect(ours).toEqual(values.map((value) => [reference.format(value), plain.format(value)]));
  });

  it('a booked time in IST: month name, day, year, 12-hour time', () => {
    expect(formatIst('2026-12-02T04:30:00Z')).toBe('December 2, 2026 at 10:00 AM IST');
  });

  it("the visitor's own zone, named; nothing when the visitor is on IST", () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    expect(formatVisitorTime('2026-12-02T04:30:00Z')).toBe('December 2, 2026 at 5:30 AM GMT+1');
    vi.stubEnv('TZ', 'Asia/Kolkata');
    expect(formatVisitorTime('2026-12-02T04:30:00Z')).toBeNull();
  });
});
