/**
 * The fixed histogram buckets of each signal (upper bounds, in seconds except CLS, which has no
 * unit), around Google's "good" and "poor" thresholds. A signal's counts are its bounds' and one
 * more (+Inf); the stored `counts` array holds the four signals one after the other.
 */
export const SIGNALS = {
  lcp: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10],
  inp: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2],
  ttfb: [0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.5, 2, 3, 5],
  cls: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
} as const;

export type Signal = keyof typeof SIGNALS;
export const SIGNAL_NAMES = Object.keys(SIGNALS) as Signal[];

/** Where each signal's counts start in the stored array. */
export const OFFSETS: Record<Signal, number> = (() => {
  let at = 0;
  const offsets = {} as Record<Signal, number>;
  for (const name of SIGNAL_NAMES) {
    offsets[name] = at;
    at += SIGNALS[name].length + 1;
  }
  return offsets;
})();

export const COUNTS_LENGTH = SIGNAL_NAMES.reduce((sum, name) => sum + SIGNALS[name].length + 1, 0);

/** The index in the stored array of the bucket a value falls in. */
export function bucketIndex(signal: Signal, value: number): number {
  const bounds = SIGNALS[signal];
  let i = 0;
  while (i < bounds.length && value > bounds[i]!) i += 1;
  return OFFSETS[signal] + i;
}

/** A signal's own bucket counts out of the stored array. */
export const countsOf = (counts: readonly number[], signal: Signal): number[] => counts.slice(OFFSETS[signal], OFFSETS[signal] + SIGNALS[signal].length + 1);

/**
 * The 75th percentile estimated from bucket counts: linear within the bucket it falls in; past the
 * last bound, that bound. Null without observations. With `sum`, the observations' sum: when it is
 * 0, every observation was 0 (a page that never shifted), and so is the percentile, which the first
 * bucket's interpolation would read as three quarters of its bound (CLS 0.0075 for none at all).
 */
export function p75(signal: Signal, counts: readonly number[], sum?: number): number | null {
  const bounds = SIGNALS[signal];
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  if (sum === 0) return 0;
  const rank = 0.75 * total;
  let below = 0;
  for (let i = 0; i < counts.length; i += 1) {
    const n = counts[i]!;
    if (below + n >= rank && n > 0) {
      if (i >= bounds.length) return bounds[bounds.length - 1]!;
      const low = i === 0 ? 0 : bounds[i - 1]!;
      return low + ((bounds[i]! - low) * (rank - below)) / n;
    }
    below += n;
  }
  return bounds[bounds.length - 1]!;
}
