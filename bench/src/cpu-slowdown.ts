// The CPU slowdown that makes this host play the same phone as any other (issue 41): Lighthouse's
// fixed 4× makes a fast host a fast phone and a slow host a slow one, so a figure moved with the
// host. Lighthouse's throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") and its
// calculator give the multiplier from the host's BenchmarkIndex, measured here as Lighthouse does.
//
// BENCH_CPU_SLOWDOWN=<n> fixes the multiplier instead (4 is Lighthouse's default, as the bench used
// before; for comparing with older figures).
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser } from 'playwright-core';
import { median } from './harness';

export interface CpuSlowdown {
  /** Lighthouse's BenchmarkIndex of this host when measured (median of SAMPLES). */
  index: number;
  multiplier: number;
  calibrated: boolean;
}

const SAMPLES = 3;

/**
 * The calculator's multiplier for a mid-tier phone: 4× at 1,533, 3× at 1,300, 2× at 800, 1× at 150
 * and below (nothing is sped up), linear in between and above.
 */
export function calibratedMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`no BenchmarkIndex to calibrate from (${benchmarkIndex})`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** A fixed multiplier from BENCH_CPU_SLOWDOWN, or undefined to calibrate. */
export function fixedMultiplier(setting = process.env.BENCH_CPU_SLOWDOWN): number | undefined {
  if (setting === undefined || setting === '' || setting === 'calibrated') return undefined;
  const value = Number(setting);
  if (!Number.isFinite(value) || value < 1) throw new Error(`BENCH_CPU_SLOWDOWN must be a number ≥ 1 or "calibrated", not "${setting}"`);
  return value;
}

/**
 * Lighthouse's own BenchmarkIndex, run once in a new blank page of `browser` without throttling, as
 * Lighthouse runs it: the calculator's figures are for that cold run. Run again in the same page, the
 * benchmark reads about twice as high (here 1,430–1,600 cold, then 2,500–3,200).
 */
async function benchmarkIndex(browser: Browser): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const context = await browser.newContext();
    try {
      samples.push(await (await context.newPage()).evaluate(pageFunctions.computeBenchmarkIndex));
    } finally {
      await context.close();
    }
  }
  return median(samples);
}

/** The slowdown for the next measurements: the host's index is taken now, as it drifts within a run. */
export async function cpuSlowdown(browser: Browser): Promise<CpuSlowdown> {
  const index = await benchmarkIndex(browser);
  const fixed = fixedMultiplier();
  return fixed === undefined ? { index, multiplier: calibratedMultiplier(index), calibrated: true } : { index, multiplier: fixed, calibrated: false };
}

export const describeSlowdown = (slowdown: Pick<CpuSlowdown, 'calibrated'>) =>
  slowdown.calibrated
    ? "CPU ×: the slowdown for this host, set from its BenchmarkIndex before each page as Lighthouse's calibration does (4× at 1,533, 3× at 1,300, 2× at 800), so that every host plays the same phone"
    : 'CPU ×: fixed by BENCH_CPU_SLOWDOWN, whatever the host';
