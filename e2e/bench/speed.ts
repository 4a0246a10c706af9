// Lighthouse (mobile preset, median of 3) for the key public pages, then autocannon (50 connections,
// 10 s) on the public reads against a bare Fastify hello-world measured in the same run. On the
// embedded PGlite, or on PostgreSQL when DATABASE_URL is set. Run with `pnpm bench` (after the
// bundle table) or `pnpm --filter @site/e2e exec tsx bench/speed.ts`. Set BENCH_SKIP_LIGHTHOUSE=1 for
// the load part only.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath, assertChromium } from '../support/chromium';
import { freePort, startServer } from '../support/server';

const RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function lighthouseRows(baseUrl: string, pages: string[]): Promise<LighthouseRow[]> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const runs: LighthouseRow[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${baseUrl}${page}`, { port, output: 'json', logLevel: 'error' });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          page,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
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
        cls: median(runs.map((r) => r.cls)),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

interface LoadRow {
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

async function load(url: string): Promise<LoadRow> {
  const result = await autocannon({ url, connections: 50, duration: 10 });
  return {
    url,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function helloWorld(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}

async function main() {
  assertChromium();
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const server = await startServer();
  try {
    const published = (await (await fetch(`${server.url}/api/blogs/search?field=status&value=published`)).json()) as { slug: string }[];
    const sampleBlog = published[0]?.slug;
    const pages = ['/', '/community', '/services/ai-chatbots', ...(sampleBlog ? [`/blog/${sampleBlog}`] : [])];

    if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
      const rows = await lighthouseRows(server.url, pages);
      console.log(`\nLighthouse, mobile preset, median of ${RUNS} (${database})\n`);
      console.log('page                                   perf  a11y  best   seo     LCP      TBT     CLS');
      for (const r of rows) {
        console.log(
          `${r.page.slice(0, 38).padEnd(38)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(5)} ${String(r.seo).padStart(5)} ${(r.lcpMs / 1000).toFixed(2).padStart(6)} s ${Math.round(r.tbtMs).toString().padStart(5)} ms ${r.cls.toFixed(3).padStart(7)}`,
        );
      }
    }

    const hello = await helloWorld();
    let baseline: LoadRow;
    try {
      baseline = await load(hello.url);
    } finally {
      await hello.close();
    }
    const reads = [
      '/api/events',
      '/api/blogs/search?field=status&value=published',
      '/api/packages/public/search?field=package_type&value=subscription',
      '/api/blogs/rss.xml',
      '/sitemap.xml',
      // Server-rendered pages (decision 017): kept HTML; a blog post still counts its view per visit.
      '/',
      ...(sampleBlog ? [`/blog/${sampleBlog}`] : []),
    ];
    const rows = [baseline];
    for (const path of reads) rows.push(await load(`${server.url}${path}`));
    console.log(`\nautocannon, 50 connections, 10 s (${database}); ratio = throughput / bare Fastify hello-world\n`);
    console.log('url                                                             req/s   ratio   p99 ms  errors');
    for (const r of rows) {
      const label = r === baseline ? 'bare Fastify hello-world' : r.url.replace(server.url, '');
      console.log(
        `${label.slice(0, 62).padEnd(62)} ${Math.round(r.requestsPerSecond).toString().padStart(7)} ${(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2).padStart(7)} ${String(r.p99Ms).padStart(8)} ${String(r.errors).padStart(7)}`,
      );
    }
    console.log('');
  } finally {
    await server.stop();
  }
}

void main();
