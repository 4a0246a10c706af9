import { bucketIndex, COUNTS_LENGTH, SIGNAL_NAMES, type Signal } from './histograms';

/** One series' figures in one time bucket, as kept in memory until written. */
export interface Tally {
  bucketStart: Date;
  remote: string;
  version: string;
  route: string;
  visits: number;
  errors: number;
  counts: number[];
  sums: Record<Signal, number>;
}

/** A page view as the beacon reports it, checked: signals in seconds (CLS unitless). */
export interface PageView {
  route: string;
  /** The front ends on the page (package folder → version). */
  remotes: Record<string, string>;
  signals: Partial<Record<Signal, number>>;
  /** Client errors by the front end they are put down to (one of `remotes`). */
  errors: Record<string, number>;
}

/** Tallies of page views by (bucket, remote, version, route), until they are written. */
export class Tallies {
  private tallies = new Map<string, Tally>();

  constructor(private readonly bucketMs: number) {}

  /** Adds a page view to every front end on it: each of their versions served that page. */
  add(view: PageView, at = Date.now()): void {
    const bucketStart = new Date(at - (at % this.bucketMs));
    for (const [remote, version] of Object.entries(view.remotes)) {
      const key = `${bucketStart.getTime()}\n${remote}\n${version}\n${view.route}`;
      let tally = this.tallies.get(key);
      if (!tally) {
        tally = {
          bucketStart,
          remote,
          version,
          route: view.route,
          visits: 0,
          errors: 0,
          counts: new Array<number>(COUNTS_LENGTH).fill(0),
          sums: { lcp: 0, inp: 0, ttfb: 0, cls: 0 },
        };
        this.tallies.set(key, tally);
      }
      tally.visits += 1;
      tally.errors += view.errors[remote] ?? 0;
      for (const signal of SIGNAL_NAMES) {
        const value = view.signals[signal];
        if (value === undefined) continue;
        tally.counts[bucketIndex(signal, value)]! += 1;
        tally.sums[signal] += value;
      }
    }
  }

  get size(): number {
    return this.tallies.size;
  }

  /** Everything tallied so far, forgotten here. */
  take(): Tally[] {
    const taken = [...this.tallies.values()];
    this.tallies = new Map();
    return taken;
  }

  /** Puts back tallies that could not be written, added to whatever came meanwhile. */
  restore(tallies: readonly Tally[]): void {
    for (const tally of tallies) {
      const key = `${tally.bucketStart.getTime()}\n${tally.remote}\n${tally.version}\n${tally.route}`;
      const now = this.tallies.get(key);
      if (!now) {
        this.tallies.set(key, tally);
        continue;
      }
      now.visits += tally.visits;
      now.errors += tally.errors;
      tally.counts.forEach((n, i) => (now.counts[i]! += n));
      for (const signal of SIGNAL_NAMES) now.sums[signal] += tally.sums[signal];
    }
  }
}
