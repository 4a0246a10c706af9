// Lighthouse (mobile preset, median of 3) for the key public pages; autocannon (50 connections,
// 10 s after 3 s unmeasured) on the public reads against a bare Fastify hello-world measured in the
// same run, on the embedded PGlite and on PostgreSQL; the api process's resident memory (fresh
// start, settled, after load, restart). Run with `pnpm bench` (after the bundle table) or
// `pnpm --filter @site/e2e exec tsx bench/speed.ts`. Environment: BENCH_SKIP_LIGHTHOUSE=1 for the api part only;
// BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where a fresh database
// is created and dropped for the PostgreSQL part; BENCH_SKIP_POSTGRES=1 leaves that part out;
// BENCH_SKIP_MEMORY=1 leaves out the idle waits and the restart of the memory table. With Debian's
// `wrk` installed, the rendered pages are measured again with it (decision 029).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { chromiumPath, assertChromium } from '../support/chromium';
import { ensureBuilt, freePort, repoRoot, startServer, type RunningServer } from '../support/server';
import { formatRss, rssMiB } from './server-memory';

const RUNS = 3;
const skipMemory = Boolean(process.env.BENCH_SKIP_MEMORY);
const LIGHTHOUSE_ATTEMPTS = 3;
/** Lighthouse's docs: the default 4x CPU slowdown suits a high-end desktop (BenchmarkIndex 1500-2000). */
const CALIBRATED_CPU_INDEX = '1500-2000';
/** Below this BenchmarkIndex, Lighthouse adds its "slower CPU than Lighthouse expects" warning. */
const SLOW_HOST_CPU_INDEX = 1000;
const SETTLE_MS = 30_000;
const LOAD = { connections: 50, duration: 10 };
/**
 * Each row first runs the same load for 3 s, unmeasured: the first seconds on a path pay for its
 * compilation and the connections' setup (a cold /api/events read p99 10 ms and max 128 ms, then
 * 6 ms and 17 ms). The rows measure the steady state, the hello-world's included.
 */
const WARMUP_S = 3;
const READS = [
  '/api/events',
  '/api/blogs/search?field=status&value=published',
  '/api/packages/public/search?field=package_type&value=subscription',
  '/api/blogs/rss.xml',
  '/sitemap.xml',
  // Server-rendered pages (decision 017), answered from the rendered-page cache; a sample
  // `/blog/{slug}` (a counted view on each visit) is added from the published posts.
  '/',
  '/community',
];
/** The flags ../shared/ENVIRONMENT.md gives for Debian's chromium. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A readable account of anything thrown, Error or not (never a bare `undefined`). */
function describeFailure(value: unknown): string {
  if (value instanceof Error) return inspect(value, { depth: 6 });
  return `a non-Error value was thrown: ${inspect(value, { depth: 6 })}`;
}

/** Runs one phase; a failure names the phase and keeps the original as its cause. */
async function phase<T>(label: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const detail = error instanceof Error ? error.message || error.name : describeFailure(error);
    throw new Error(`${label} failed: ${detail}`, { cause: error });
  }
}

interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** Each run's TBT, in the order run: the median hides how far they spread. */
  tbtRunsMs: number[];
  cls: number;
  /** Lighthouse's measure of the host's CPU speed in this run (its BenchmarkIndex). */
  cpuIndex: number;
}

async function lighthouseRows(baseUrl: string, pages: string[]): Promise<LighthouseRow[]> {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS] });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const runs: LighthouseRow[] = [];
      for (let i = 1; i <= RUNS; i++) {
        const result = await phase(`Lighthouse on ${page} (run ${i} of ${RUNS})`, async () => {
          // A busy machine sometimes spoils the trace (NO_NAVSTART, NO_FCP); Lighthouse asks for a rerun.
          for (let attempt = 1; ; attempt++) {
            const outcome = await lighthouse(`${baseUrl}${page}`, { port, output: 'json', logLevel: 'error' });
            const lhr = outcome?.lhr;
            if (!lhr) throw new Error('Lighthouse returned no report');
            if (!lhr.runtimeError) return lhr;
            const reason = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
            if (attempt === LIGHTHOUSE_ATTEMPTS) throw new Error(`Lighthouse could not audit the page in ${attempt} attempts (${reason})`);
            console.error(`Lighthouse on ${page}: ${reason}; trying again`);
          }
        });
        const score = (id: string) => {
          const value = result.categories[id]?.score;
          if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} score for ${page}`);
          return Math.round(value * 100);
        };
        const audit = (id: string) => result.audits[id]?.numericValue ?? NaN;
        runs.push({
          page,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          tbtRunsMs: [audit('total-blocking-time')],
          cls: audit('cumulative-layout-shift'),
          cpuIndex: result.environment.benchmarkIndex,
        });
      }
      rows.push({
        page,
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        bestPractices: median(runs.map((r) => r.bestPractices)),
        seo: median(runs.map((r) => r.seo)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        tbtRunsMs: runs.map((r) => r.tbtMs),
        cls: median(runs.map((r) => r.cls)),
        cpuIndex: median(runs.map((r) => r.cpuIndex)),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

function printLighthouse(rows: LighthouseRow[], database: string): void {
  console.log(`\nLighthouse, mobile preset, median of ${RUNS} (${database})\n`);
  console.log('page                                   perf  a11y  best   seo     LCP      TBT  TBT of each run      CLS  CPU index');
  for (const r of rows) {
    console.log(
      `${r.page.slice(0, 38).padEnd(38)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(5)} ${String(r.seo).padStart(5)} ${(r.lcpMs / 1000).toFixed(2).padStart(6)} s ${Math.round(r.tbtMs).toString().padStart(5)} ms ${r.tbtRunsMs.map((ms) => Math.round(ms)).join(', ').padEnd(16)} ${r.cls.toFixed(3).padStart(7)} ${String(Math.round(r.cpuIndex)).padStart(10)}`,
    );
  }
  // TBT is the page's main-thread work times a fixed 4x slowdown, so it scales with the host's speed.
  console.log(
    `\nCPU index: Lighthouse's BenchmarkIndex of this host (median of the runs). Its 4x slowdown is calibrated for a ` +
      `host of ${CALIBRATED_CPU_INDEX}; below ${SLOW_HOST_CPU_INDEX} Lighthouse warns that the host is slower than it expects, and TBT ` +
      `reads higher than it would on a calibrated host (every task is longer).`,
  );
}

interface LoadRow {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

/** A row with the hello-world throughput it is compared with: the mean of the runs just before and after it. */
interface ComparedRow extends LoadRow {
  baseline: number;
}

/** Measures one row between two runs of the hello-world. */
type Measure = (row: () => Promise<LoadRow>) => Promise<ComparedRow>;

async function load(label: string, url: string, headers: Record<string, string> = {}): Promise<LoadRow> {
  return phase(`autocannon on ${label}`, async () => {
    // `warmup` is in autocannon's options (lib/init.js) but not in its published types.
    const result = await autocannon({ url, headers, ...LOAD, warmup: { connections: LOAD.connections, duration: WARMUP_S } } as autocannon.Options);
    return { label, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
  });
}

/** Debian's `wrk` (apt-get install wrk), when this host has it. */
const wrkPath = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => existsSync(candidate));

/**
 * The same load from wrk (one thread, like autocannon's one event loop), a second opinion written
 * in C. autocannon as published decodes each body into a JS string, which for a page's 10-40 KB
 * was its own ceiling; the workspace patches it to decode only for a reader (decision 029).
 */
async function wrkLoad(label: string, url: string, headers: Record<string, string> = {}): Promise<LoadRow> {
  return phase(`wrk on ${label}`, async () => {
    const wrk = (seconds: number) =>
      new Promise<{ stdout: string; code: number | null }>((resolve, reject) => {
        const args = ['-t1', `-c${LOAD.connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
        const child = spawn(wrkPath!, args, { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('error', reject);
        child.on('close', (exitCode) => resolve({ stdout: out, code: exitCode }));
      });
    await wrk(WARMUP_S);
    const { stdout, code } = await wrk(LOAD.duration);
    const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
    const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(stdout);
    if (code !== 0 || !perSecond || !p99) throw new Error(`wrk exited with ${code}:\n${stdout}`);
    const toMs = { us: 0.001, ms: 1, s: 1000 }[p99[2] as 'us' | 'ms' | 's'];
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)?.slice(1).reduce((sum, n) => sum + Number(n), 0) ?? 0;
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
    return { label, requestsPerSecond: Number(perSecond[1]), p99Ms: Number((Number(p99[1]) * toMs).toFixed(2)), errors: socketErrors + non2xx };
  });
}

type Load = typeof load;

/** A bare Fastify in its own process with the given routes, for as long as `use` runs. */
async function bareFastify<T>(what: string, routes: string, use: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    ${routes}
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: path.join(repoRoot, 'e2e'), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}/`;
  try {
    await phase(`starting the bare Fastify ${what} server`, async () => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}:\n${stderr}`);
        if (await fetch(url).then((res) => res.ok, () => false)) return;
        if (Date.now() > deadline) throw new Error(`not listening after 30 s:\n${stderr}`);
        await sleep(100);
      }
    });
    return await use(url);
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * The server-rendered pages' answers (status, headers and body, as captured) sent by a bare Fastify:
 * what the load generator makes of answers of that size and content, the ceiling for our pages.
 */
async function sameAnswerRows(server: RunningServer, pages: string[], run: Load, measure: Measure): Promise<ComparedRow[]> {
  const answers = await Promise.all(
    pages.map(async (page) => {
      const res = await fetch(`${server.url}${page}`);
      const headers = Object.fromEntries(Array.from(res.headers as unknown as Iterable<[string, string]>).filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)));
      return { headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
    }),
  );
  const routes = `
    const answers = ${JSON.stringify(answers)}.map((a) => ({ headers: a.headers, body: Buffer.from(a.body, 'base64') }));
    app.get('/', async () => 'up');
    answers.forEach((answer, i) => app.get('/' + i, (request, reply) => { reply.headers(answer.headers).send(answer.body); }));
  `;
  return bareFastify('same-answer', routes, async (url) => {
    const rows: ComparedRow[] = [];
    for (const [i, page] of pages.entries()) rows.push(await measure(() => run(`${page}: the same answer from a bare Fastify`, `${url}${i}`)));
    return rows;
  });
}

async function readThroughput(server: RunningServer, database: string): Promise<void> {
  const reads = [...READS, ...(await phase('finding a sample blog', () => sampleBlogPath(server)))];
  const pages = reads.filter((read) => !read.startsWith('/api/') && !read.endsWith('.xml'));
  await throughputTable(`autocannon, ${LOAD.connections} connections, ${LOAD.duration} s after ${WARMUP_S} s unmeasured (${database})`, load, async (measure) => {
    const rows: ComparedRow[] = [];
    for (const read of reads) rows.push(await measure(() => load(read, `${server.url}${read}`)));
    // Pages as browsers ask for them: compressed (the api keeps each page's brotli bytes).
    for (const page of pages) rows.push(await measure(() => load(`${page} (Accept-Encoding: br, gzip)`, `${server.url}${page}`, { 'accept-encoding': 'br, gzip' })));
    rows.push(...(await sameAnswerRows(server, pages, load, measure)));
    return rows;
  });
  // The pages again from a load generator that does not decode their bodies (decision 029).
  if (!wrkPath) {
    console.log('\nwrk: not installed (apt-get install wrk), its table is left out');
    return;
  }
  await throughputTable(`wrk, 1 thread, ${LOAD.connections} connections, ${LOAD.duration} s after ${WARMUP_S} s unmeasured (${database}), the pages`, wrkLoad, async (measure) => {
    const rows: ComparedRow[] = [];
    for (const page of pages) rows.push(await measure(() => wrkLoad(page, `${server.url}${page}`)));
    for (const page of pages) rows.push(await measure(() => wrkLoad(`${page} (Accept-Encoding: br, gzip)`, `${server.url}${page}`, { 'accept-encoding': 'br, gzip' })));
    rows.push(...(await sameAnswerRows(server, pages, wrkLoad, measure)));
    return rows;
  });
}

/**
 * Rows measured by one load generator, each as a ratio to a bare Fastify hello-world (its own
 * process, like the api: sharing the process with the load generator would halve its throughput
 * and flatter every ratio). The host's speed drifts within minutes (a hello-world read 59,879 and
 * 46,288 req/s four minutes apart): the hello-world runs before the first row and after each, and
 * each row is compared with the mean of the two runs around it.
 */
async function throughputTable(title: string, run: Load, measureRows: (measure: Measure) => Promise<ComparedRow[]>): Promise<void> {
  const { rows, baselines } = await bareFastify('hello-world', `app.get('/', async () => ({ hello: 'world' }));`, async (url) => {
    const baselines: LoadRow[] = [await run('bare Fastify hello-world', url)];
    const rows = await measureRows(async (row) => {
      const measured = await row();
      const before = baselines.at(-1)!;
      const after = await run('bare Fastify hello-world', url);
      baselines.push(after);
      return { ...measured, baseline: (before.requestsPerSecond + after.requestsPerSecond) / 2 };
    });
    return { rows, baselines };
  });
  const throughputs = baselines.map((b) => Math.round(b.requestsPerSecond));
  console.log(`\n${title}; ratio = throughput / bare Fastify hello-world (the mean of its runs just before and after the row)\n`);
  console.log(`bare Fastify hello-world, ${baselines.length} runs: ${Math.min(...throughputs)}–${Math.max(...throughputs)} req/s, p99 ${Math.min(...baselines.map((b) => b.p99Ms))}–${Math.max(...baselines.map((b) => b.p99Ms))} ms\n`);
  console.log('url                                                             req/s  hello-world   ratio   p99 ms  errors');
  for (const r of rows) {
    console.log(
      `${r.label.slice(0, 62).padEnd(62)} ${Math.round(r.requestsPerSecond).toString().padStart(7)} ${Math.round(r.baseline).toString().padStart(12)} ${(r.requestsPerSecond / r.baseline).toFixed(2).padStart(7)} ${String(r.p99Ms).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
}

async function sampleBlogPath(server: RunningServer): Promise<string[]> {
  const res = await fetch(`${server.url}/api/blogs/search?field=status&value=published`);
  if (!res.ok) throw new Error(`GET /api/blogs/search answered ${res.status}`);
  const published = (await res.json()) as { slug: string }[];
  return published[0] ? [`/blog/${published[0].slug}`] : [];
}

async function pgliteRun(): Promise<void> {
  const memory: [string, number | undefined][] = [];
  const server = await phase('starting the api on PGlite (fresh DATA_DIR)', () => startServer({}, { keepDataDir: true }));
  try {
    memory.push(['fresh start, at ready', await rssMiB(server.process.pid)]);
    if (!skipMemory) {
      await sleep(SETTLE_MS);
      memory.push([`fresh start, idle ${SETTLE_MS / 1000} s later`, await rssMiB(server.process.pid)]);
    }
    if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
      const pages = ['/', '/community', '/services/ai-chatbots', ...(await phase('finding a sample blog', () => sampleBlogPath(server)))];
      printLighthouse(await lighthouseRows(server.url, pages), 'PGlite');
    }
    await readThroughput(server, 'PGlite');
    memory.push(['after the loads above', await rssMiB(server.process.pid)]);
    await server.stop();

    if (!skipMemory) {
      const restarted = await phase('restarting the api on the same DATA_DIR', () => startServer({}, { dataDir: server.dataDir }));
      try {
        memory.push(['restart on the same data dir, at ready', await rssMiB(restarted.process.pid)]);
        await sleep(SETTLE_MS);
        memory.push([`restart, idle ${SETTLE_MS / 1000} s later`, await rssMiB(restarted.process.pid)]);
      } finally {
        await restarted.stop();
      }
    }
  } finally {
    await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  }
  console.log('\napi process resident memory (VmRSS), PGlite; budget 400 MiB at idle\n');
  for (const [label, mib] of memory) console.log(`${label.padEnd(44)} ${formatRss(mib).padStart(9)}`);
}

async function postgresRun(): Promise<void> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_${Date.now()}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await phase(`creating the database ${name} at ${adminUrl}`, () => admin(`CREATE DATABASE ${name}`));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const server = await phase('starting the api on PostgreSQL', () => startServer({ DATABASE_URL: url.toString() }));
    try {
      const atReady = await rssMiB(server.process.pid);
      await readThroughput(server, 'PostgreSQL');
      console.log(`\napi process resident memory (VmRSS), PostgreSQL: ${formatRss(atReady)} at ready, ${formatRss(await rssMiB(server.process.pid))} after the loads above`);
    } finally {
      await server.stop();
    }
  } finally {
    await phase(`dropping the database ${name}`, () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

async function main(): Promise<void> {
  assertChromium();
  ensureBuilt();
  await pgliteRun();
  if (!process.env.BENCH_SKIP_POSTGRES) await postgresRun();
  console.log('');
}

process.on('unhandledRejection', (reason) => {
  console.error(`bench/speed.ts: unhandled rejection: ${describeFailure(reason)}`);
  process.exit(1);
});

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench/speed.ts: ${describeFailure(error)}`);
    process.exit(1);
  },
);
