// Lighthouse (mobile preset) on two or more builds, alternating runs so that each build sees the same
// machine load, with a blocking time computed from CPU time next to Lighthouse's own (wall time).
//
//   COMPARE_ROOTS=/tmp/old,/tmp/new pnpm --filter @site/bench exec tsx src/compare-builds.ts
//
// Each root is a WEB_ROOT (a folder with shell/dist and <remote>/dist, e.g. a copy of an earlier
// build); `.` is this checkout. COMPARE_PAGES (default: the bench's four pages, BLOG for a sample
// post) and COMPARE_RUNS (default 3) narrow it down. COMPARE_FLOOR=1 also measures each build's
// floor (its server HTML without scripts, floor-proxy.ts) in the same alternation, so that one
// build's floor can be set against another's (issue 41).
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { freePort, startServer, type RunningServer } from '@site/test-support/server';
import { startFloorProxy, type FloorProxy } from './floor-proxy';
import { median } from './harness';

const roots = (process.env.COMPARE_ROOTS ?? '.').split(',').filter(Boolean);
const pages = (process.env.COMPARE_PAGES ?? '/,/community,/services/ai-chatbots,BLOG').split(',');
const RUNS = Number(process.env.COMPARE_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
const FLOOR = process.env.COMPARE_FLOOR === '1';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

interface Row {
  performance: number;
  tbt: number;
  cpuTbt: number;
  lcp: number;
  cls: number;
  scores: string;
}

/**
 * Total blocking time from each main-thread task's thread (CPU) time, slowed down as Lighthouse's
 * mobile preset does: time the task spent descheduled by other processes does not count.
 */
function cpuBlockingTime(events: TraceEvent[]): number {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  if (!navigation) return NaN;
  const firstPaint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid)?.ts ?? navigation.ts;
  let total = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== navigation.pid || e.tid !== navigation.tid || !e.tdur || e.ts < firstPaint) continue;
    total += Math.max(0, (CPU_SLOWDOWN * e.tdur) / 1000 - 50);
  }
  return total;
}

async function audit(port: number, url: string): Promise<Row> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) {
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
      return {
        performance: score('performance'),
        tbt: value('total-blocking-time'),
        cpuTbt: trace ? cpuBlockingTime(trace.traceEvents) : NaN,
        lcp: value('largest-contentful-paint'),
        cls: value('cumulative-layout-shift'),
        scores: `${score('accessibility')}/${score('best-practices')}/${score('seo')}`,
      };
    }
    if (attempt === 3) throw new Error(`Lighthouse could not audit ${url}: ${lhr?.runtimeError?.code ?? 'no report'}`);
  }
}

async function main(): Promise<void> {
  assertChromium();
  const servers: RunningServer[] = [];
  const proxies: FloorProxy[] = [];
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS] });
  try {
    for (const root of roots) servers.push(await startServer(root === '.' ? {} : { WEB_ROOT: root }));
    if (FLOOR) for (const server of servers) proxies.push(await startFloorProxy(server.url));
    // Each build as served, then (COMPARE_FLOOR) each build's floor, every run in the same order.
    const doors = FLOOR
      ? [...roots.map((root, i) => ({ label: root, url: proxies[i]!.servedUrl })), ...roots.map((root, i) => ({ label: `${root} floor`, url: proxies[i]!.floorUrl }))]
      : roots.map((root, i) => ({ label: root, url: servers[i]!.url }));
    const published = (await (await fetch(`${servers[0]!.url}/api/blogs/search?field=status&value=published`)).json()) as { slug: string }[];
    console.log('page                      build                          perf   TBT ms  CPU TBT ms   LCP ms    CLS  a11y/bp/seo');
    for (const entry of pages) {
      const page = entry === 'BLOG' ? `/blog/${published[0]?.slug ?? ''}` : entry;
      const rows: Row[][] = doors.map(() => []);
      for (let run = 0; run < RUNS; run++) {
        for (const [i, door] of doors.entries()) rows[i]!.push(await audit(port, `${door.url}${page}`));
      }
      for (const [i, door] of doors.entries()) {
        const r = rows[i]!;
        console.log(
          `${page.slice(0, 25).padEnd(25)} ${door.label.slice(-30).padEnd(30)} ${String(median(r.map((x) => x.performance))).padStart(4)} ${Math.round(median(r.map((x) => x.tbt))).toString().padStart(8)} ${Math.round(median(r.map((x) => x.cpuTbt))).toString().padStart(11)} ${Math.round(median(r.map((x) => x.lcp))).toString().padStart(8)} ${median(r.map((x) => x.cls)).toFixed(3).padStart(6)}  ${r.map((x) => x.scores).join(' ')}`,
        );
      }
    }
  } finally {
    await browser.close();
    for (const proxy of proxies) await proxy.close();
    for (const server of servers) await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
