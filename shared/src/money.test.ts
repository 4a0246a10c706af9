import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatNumber, formatPaise, formatRupees, toPaise, toRupees } from './money';

afterEach(() => vi.restoreAllMocks());

const values = [0, 1, 9.99, 99, 999, 1000, 1499.5, 12345.67, 99999.99, 100000, 1234567.8, 123456789, 0.1 + 0.2, 2.675, 5000000, -1500.25];

describe('rupees', () => {
  it('with Indian grouping; paise to rupees', () => {
    expect(formatRupees(1200)).toBe('₹1,200');
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(1499.5)).toBe('₹1,499.50');
    expect(formatPaise(210000)).toBe('₹2,100');
    expect(formatPaise(12500000, { paise: true })).toBe('₹1,25,000.00');
  });

  it('converts rupees to whole paise and back', () => {
    expect(toPaise(1499.5)).toBe(149950);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toRupees(149950)).toBe(1499.5);
  });

  it('as Intl writes them in en-IN, without building an Intl formatter', () => {
    const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const fixed = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const plainWhole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const plainFixed = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Whole rupees are written bare, anything with paise with both digits.
    const isWhole = (value: number) => Math.round(value * 100) % 100 === 0;
    const reference = { format: (value: number) => (isWhole(value) ? whole : fixed).format(value) };
    const plain = { format: (value: number) => (isWhole(value) ? plainWhole : plainFixed).format(value) };
    const built = vi.spyOn(Intl, 'NumberFormat');
    const ours = values.map((value) => [formatRupees(value), formatRupees(value, { paise: true }), formatNumber(value)]);
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
    expect(ours).toEqual(values.map((value) => [reference.format(value), fixed.format(value), plain.format(value)]));
  });
});
