import { describe, expect, it } from 'vitest';
import { p75, SIGNALS } from '../src/modules/vitals/histograms';

const counts = (signal: keyof typeof SIGNALS, byBucket: Record<number, number>) =>
  Array.from({ length: SIGNALS[signal].length + 1 }, (_, i) => byBucket[i] ?? 0);

describe('the p75 of a signal from its bucket counts', () => {
  it('is null without observations', () => {
    expect(p75('cls', counts('cls', {}), 0)).toBeNull();
  });

  it('is 0 when every observation was 0, however many fall in the first bucket', () => {
    expect(p75('cls', counts('cls', { 0: 40 }), 0)).toBe(0);
    // Without the sum, the first bucket is read as evenly filled up to its bound.
    expect(p75('cls', counts('cls', { 0: 40 }))).toBeCloseTo(0.0075);
  });

  it('interpolates within the bucket the 75th observation falls in when they were not all 0', () => {
    expect(p75('cls', counts('cls', { 0: 40 }), 0.05)).toBeCloseTo(0.0075);
    // 10 of 20 at most 0.5 s, 10 in (0.5, 1]: the 15th is halfway through the second bucket.
    expect(p75('lcp', counts('lcp', { 0: 10, 1: 10 }), 12)).toBeCloseTo(0.75);
    expect(p75('lcp', counts('lcp', { [SIGNALS.lcp.length]: 3 }), 60)).toBe(SIGNALS.lcp.at(-1));
  });
});
