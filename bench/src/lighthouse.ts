// Lighthouse, mobile preset, median of 3 runs per page.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { freePort } from '@site/test-support/server';
import { median, phase } from './harness';

export const RUNS = 3;
/** A busy machine sometimes spoils the trace (NO_NAVSTART, NO_FCP); Lighthouse asks for a rerun. */
const ATTEMPTS = 3;
/** Lighthouse's docs: the default 4x CPU slowdown suits a host of BenchmarkIndex 1500-2000. */
export const CALIBRATED_CPU_INDEX = '1500-2000';
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
}

async function audit(port: number, url: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error' }))?.lhr;
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
    };
  }
}

/** A Chromium that Lighthouse drives, for `use`'s audits (mobile preset, a runtime error retried). */
export async function withLighthouse<T>(use: (audit: (url: string) => Promise<LighthouseRun>) => Promise<T>): Promise<T> {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS] });
  try {
    return await use((url) => audit(port, url));
  } finally {
    await browser.close();
  }
}

export async function printLighthouse(baseUrl: string, pages: string[], database: string): Promise<void> {
  const rows: string[] = [];
  await withLighthouse(async (audit) => {
    for (const page of pages) {
      const runs: LighthouseRun[] = [];
      for (let i = 1; i <= RUNS; i++) runs.push(await phase(`Lighthouse on ${page} (run ${i} of ${RUNS})`, () => audit(`${baseUrl}${page}`)));
      const m = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
      rows.push(
        `${page.slice(0, 38).padEnd(38)} ${String(m((r) => r.performance)).padStart(5)} ${String(m((r) => r.accessibility)).padStart(5)} ${String(m((r) => r.bestPractices)).padStart(5)} ${String(m((r) => r.seo)).padStart(5)} ` +
          `${(m((r) => r.lcpMs) / 1000).toFixed(2).padStart(6)} s ${Math.round(m((r) => r.tbtMs)).toString().padStart(5)} ms ${runs.map((r) => Math.round(r.tbtMs)).join(', ').padEnd(16)} ` +
          `${m((r) => r.cls).toFixed(3).padStart(7)} ${String(Math.round(m((r) => r.cpuIndex))).padStart(10)}`,
      );
    }
  });
  console.log(`\nLighthouse, mobile preset, median of ${RUNS} (${database})\n`);
  console.log('page                                   perf  a11y  best   seo     LCP      TBT  TBT of each run      CLS  CPU index');
  for (const row of rows) console.log(row);
  console.log(`\nCPU index: Lighthouse's BenchmarkIndex of this host; its 4x slowdown is calibrated for ${CALIBRATED_CPU_INDEX}, and TBT reads higher on a slower host.`);
}
