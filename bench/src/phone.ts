// Time to interactive on the phone profile of issue 27 (150 ms round trip, 1.6 Mbit/s down, CPU
// slowed to a mid-tier phone's, cpu-slowdown.ts): from the navigation's start until the shell marks
// `<html data-app="live">`, the moment the page's controls act (shared/src/remote.tsx). Median of 3
// cold loads per page. Part of `pnpm bench` (speed.ts); alone, on a fresh api:
// `pnpm --filter @site/bench phone`.
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { ensureBuilt, startServer } from '@site/test-support/server';
import { cpuSlowdown, describeSlowdown } from './cpu-slowdown';
import { median, phase, runMain } from './harness';

export const RUNS = 3;
/** Issue 27's target for `/`. */
const TARGET_MS = 2500;

interface Load {
  paintMs: number;
  liveMs: number;
}

/**
 * The phone profile's network (150 ms round trip, 1.6 Mbit/s down). Its CPU is slowed by the
 * multiplier that makes this host a mid-tier phone (cpu-slowdown.ts), 4× on a host of index 1,533.
 */
export const PHONE_PROFILE = { latencyMs: 150, downMbit: 1.6 };

/**
 * A cold load of `url` on the phone profile, until the page is live (`data-app="live"`), or for a
 * page without scripts (bench/src/floor.ts) until its first contentful paint; liveMs is then NaN.
 */
export async function coldLoad(browser: Browser, url: string, cpuSlowdown: number, until: 'live' | 'paint' = 'live'): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_PROFILE.latencyMs,
      downloadThroughput: (PHONE_PROFILE.downMbit * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(() => {
      const w = window as unknown as { __liveAt?: number };
      // The document itself: its <html> element may not exist yet when this runs.
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.app !== 'live') return;
        w.__liveAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app'] });
    });
    await page.goto(url, { waitUntil: 'commit' });
    if (until === 'live') await page.waitForFunction(() => (window as unknown as { __liveAt?: number }).__liveAt !== undefined, undefined, { timeout: 60_000, polling: 100 });
    // A page the server does not render (an admin page) paints only once its scripts have run, after live.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 60_000, polling: 100 });
    return await page.evaluate(() => ({
      liveMs: (window as unknown as { __liveAt?: number }).__liveAt ?? NaN,
      paintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
  } finally {
    await context.close();
  }
}

export async function printPhoneInteractive(baseUrl: string, pages: string[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: string[] = [];
  let calibrated = true;
  try {
    for (const page of pages) {
      const slowdown = await cpuSlowdown(browser);
      calibrated = slowdown.calibrated;
      const loads: Load[] = [];
      for (let i = 1; i <= RUNS; i++) loads.push(await phase(`phone-profile load of ${page} (run ${i} of ${RUNS})`, () => coldLoad(browser, `${baseUrl}${page}`, slowdown.multiplier)));
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      rows.push(
        `${page.slice(0, 38).padEnd(38)} ${s(median(loads.map((l) => l.paintMs))).padStart(8)} ${s(median(loads.map((l) => l.liveMs))).padStart(12)} ${slowdown.multiplier.toFixed(1).padStart(6)}   ${loads.map((l) => s(l.liveMs)).join(', ')}`,
      );
    }
  } finally {
    await browser.close();
  }
  console.log(`\nPhone profile (${PHONE_PROFILE.latencyMs} ms RTT, ${PHONE_PROFILE.downMbit} Mbit/s, CPU slowed), median of ${RUNS} cold loads; target for /: interactive ≤ ${TARGET_MS / 1000} s\n`);
  console.log(`${'page'.padEnd(38)}    paint  interactive  CPU ×   each run`);
  for (const row of rows) console.log(row);
  console.log(`\n${describeSlowdown({ calibrated })}.`);
}

/** The bench's pages: the Lighthouse four (a blog post when one is published). */
export async function phonePages(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/blogs/search?field=status&value=published`);
  const published = res.ok ? ((await res.json()) as { slug: string }[]) : [];
  return ['/', '/community', '/services/ai-chatbots', ...(published[0] ? [`/blog/${published[0].slug}`] : [])];
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  runMain('bench/src/phone.ts', async () => {
    assertChromium();
    ensureBuilt();
    const server = await startServer({}, { asStarted: true });
    try {
      await printPhoneInteractive(server.url, await phonePages(server.url));
    } finally {
      await server.stop();
    }
  });
}
