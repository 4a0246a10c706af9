// Prints, per page, the JS and CSS bytes the browser downloads (as transferred, compressed) per
// package, and whether any mfe-admin file was requested. Part of `pnpm bench`; alone: `pnpm --filter @site/bench bytes`.
import { chromium, type Browser } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { ensureBuilt, startServer } from '@site/test-support/server';
import { REMOTE_DIRS } from '../../shared/src/remotes.js';

const PAGES = ['/', '/community', '/login', '/admin'];
const PACKAGES = ['shell', ...REMOTE_DIRS, 'assistant'];

type Tally = Record<string, { js: number; css: number }>;

function packageOf(url: URL): string | null {
  const match = /^\/remotes\/([\w-]+)\//.exec(url.pathname);
  if (match) return PACKAGES.includes(match[1]!) ? match[1]! : null;
  // The built-in assistant widget, fetched once the page is idle.
  if (url.pathname.startsWith('/ai-widget/')) return 'assistant';
  return url.pathname.startsWith('/api/') ? null : 'shell';
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

/** Largest contentful paint on an emulated slower network (150 ms round trip, 10 Mbit/s down). */
async function lcpOnSlowNetwork(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (10 * 1024 * 1024) / 8,
    uploadThroughput: (5 * 1024 * 1024) / 8,
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  await context.close();
  return lcp;
}

async function main() {
  assertChromium();
  ensureBuilt();
  const server = await startServer({}, { asStarted: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  const rows: string[] = [];
  try {
    for (const pagePath of PAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const tally = Object.fromEntries(PACKAGES.map((p) => [p, { js: 0, css: 0 }])) as Tally;
      let adminRequested = false;
      const pending: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/remotes/mfe-admin/')) adminRequested = true;
        const type = request.resourceType();
        const kind = type === 'script' || url.pathname.endsWith('.js') ? 'js' : type === 'stylesheet' || url.pathname.endsWith('.css') ? 'css' : null;
        const pkg = packageOf(url);
        if (!kind || !pkg) return;
        pending.push(
          request.sizes().then((sizes) => {
            tally[pkg]![kind] += sizes.responseBodySize;
          }),
        );
      });
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/remotes/mfe-admin/')) adminRequested = true;
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      const slowLcp = await lcpOnSlowNetwork(browser, server.url + pagePath);
      const total = PACKAGES.reduce((sum, p) => sum + tally[p]!.js + tally[p]!.css, 0);
      rows.push(
        `${pagePath.padEnd(11)} ${PACKAGES.map((p) => `${kb(tally[p]!.js)} /${kb(tally[p]!.css)}`).join(' ')} ${kb(total)}   ${(adminRequested ? 'YES' : 'no').padEnd(19)} ${String(Math.round(lcp)).padStart(5)} ms ${String(Math.round(slowLcp)).padStart(9)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log('\nJS / CSS KiB transferred (compressed) per package\n');
  console.log(`${'page'.padEnd(11)} ${PACKAGES.map((p) => p.padStart(16)).join(' ')}    total   mfe-admin requested   LCP: loopback / 150 ms RTT, 10 Mbit/s`);
  for (const row of rows) console.log(row);
  console.log('');
}

main().catch((error: unknown) => {
  console.error('bench/src/bytes.ts:', error instanceof Error ? error : new Error(`a non-Error value was thrown: ${String(error)}`));
  process.exit(1);
});
