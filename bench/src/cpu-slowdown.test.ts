import { describe, expect, it } from 'vitest';
import { calibratedMultiplier, fixedMultiplier } from './cpu-slowdown';

describe('calibratedMultiplier', () => {
  it("is Lighthouse's calculator: 4× at 1,533, 3× at 1,300, 2× at 800, 1× at 150", () => {
    expect(calibratedMultiplier(1533)).toBeCloseTo(4, 2);
    expect(calibratedMultiplier(1300)).toBe(3);
    expect(calibratedMultiplier(800)).toBe(2);
    expect(calibratedMultiplier(150)).toBe(1);
  });

  it('grows with the host: a host twice as fast is slowed about twice as much', () => {
    expect(calibratedMultiplier(2000)).toBeCloseTo(6, 1);
    expect(calibratedMultiplier(2600) / calibratedMultiplier(1300)).toBeGreaterThan(2);
    expect(calibratedMultiplier(1050)).toBe(2.5);
  });

  it('never speeds a host up, and refuses a missing index', () => {
    expect(calibratedMultiplier(100)).toBe(1);
    expect(() => calibratedMultiplier(NaN)).toThrow(/no BenchmarkIndex/);
    expect(() => calibratedMultiplier(0)).toThrow(/no BenchmarkIndex/);
  });
});

describe('fixedMultiplier', () => {
  it('calibrates unless BENCH_CPU_SLOWDOWN names a multiplier', () => {
    expect(fixedMultiplier(undefined)).toBeUndefined();
    expect(fixedMultiplier('calibrated')).toBeUndefined();
    expect(fixedMultiplier('4')).toBe(4);
    expect(() => fixedMultiplier('fast')).toThrow(/BENCH_CPU_SLOWDOWN/);
    expect(() => fixedMultiplier('0.5')).toThrow(/BENCH_CPU_SLOWDOWN/);
  });
});
