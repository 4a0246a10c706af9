// Lighthouse, mobile preset, median of 3 runs per page.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { freePort } from '@site/test-support/server';
import { cpuSlowdown, describeSlowdown, type CpuSlowdown } from './cpu-slowdown';
import { median, phase } from './harness';

export const RUNS = 3;
/** A busy machine sometimes spoils the trace (NO_NAVSTART, NO_FCP); Lighthouse asks for a rerun. */
const ATTEMPTS = 3;
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host's CPU speed (its BenchmarkIndex): TBT scales with it. */
  cpuIndex: number;
  /** The CPU slowdown Lighthouse applied (its report's own setting). */
  cpuSlowdown: number;
}

/** One Lighthouse run of `url`, its CPU slowed by `slowdown` (cpu-slowdown.ts). */
export type Audit = (url: string, slowdown: CpuSlowdown) => Promise<LighthouseRun>;

async function audit(port: number, url: string, slowdown: CpuSlowdown): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    // Merged into the mobile preset's throttling: only the CPU multiplier changes.
    const flags = { port, output: 'json' as const, logLevel: 'error' as const, throttling: { cpuSlowdownMultiplier: slowdown.multiplier } };
    const lhr = (await lighthouse(url, flags))?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) {
      const reason = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
      if (attempt === ATTEMPTS) throw new Error(`Lighthouse could not audit the page in ${attempt} attempts (${reason})`);
      console.error(`Lighthouse on ${url}: ${reason}; trying again`);
      continue;
    }
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} score`);
      return Math.round(value * 100);
    };
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      cpuIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? NaN,
    };
  }
}

/**
 * A Chromium that Lighthouse drives, for `use`'s audits (mobile preset, a runtime error retried) and
 * the CPU slowdown measured in it.
 */
export async function withLighthouse<T>(use: (audit: Audit, slowdown: () => Promise<CpuSlowdown>) => Promise<T>): Promise<T> {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS] });
  try {
    return await use((url, slowdown) => audit(port, url, slowdown), () => cpuSlowdown(browser));
  } finally {
    await browser.close();
  }
}

export async function printLighthouse(baseUrl: string, pages: string[], database: string): Promise<void> {
  const rows: string[] = [];
  let calibrated = true;
  await withLighthouse(async (audit, measureSlowdown) => {
    for (const page of pages) {
      const slowdown = await measureSlowdown();
      calibrated = slowdown.calibrated;
      const runs: LighthouseRun[] = [];
      for (let i = 1; i <= RUNS; i++) runs.push(await phase(`Lighthouse on ${page} (run ${i} of ${RUNS})`, () => audit(`${baseUrl}${page}`, slowdown)));
      const m = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
      rows.push(
        `${page.slice(0, 38).padEnd(38)} ${String(m((r) => r.performance)).padStart(5)} ${String(m((r) => r.accessibility)).padStart(5)} ${String(m((r) => r.bestPractices)).padStart(5)} ${String(m((r) => r.seo)).padStart(5)} ` +
          `${(m((r) => r.lcpMs) / 1000).toFixed(2).padStart(6)} s ${Math.round(m((r) => r.tbtMs)).toString().padStart(5)} ms ${runs.map((r) => Math.round(r.tbtMs)).join(', ').padEnd(16)} ` +
          `${m((r) => r.cls).toFixed(3).padStart(7)} ${String(Math.round(m((r) => r.cpuIndex))).padStart(10)} ${slowdown.multiplier.toFixed(1).padStart(6)}`,
      );
    }
  });
  console.log(`\nLighthouse, mobile preset, median of ${RUNS} (${database})\n`);
  console.log('page                                   perf  a11y  best   seo     LCP      TBT  TBT of each run      CLS  CPU index  CPU ×');
  for (const row of rows) console.log(row);
  console.log(`\nCPU index: Lighthouse's BenchmarkIndex of this host. ${describeSlowdown({ calibrated })}.`);
}
