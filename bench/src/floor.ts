// Each page beside its floor (issue 41): as served, and as the same server HTML with every script
// taken out (same styles, fonts and images; floor-proxy.ts), measured back to back on this host,
// alternating run by run so that both see the same load. Prints both and the distance: Lighthouse
// (mobile, median of 3) performance points the scripts cost, TBT and LCP over the floor; on the
// phone profile (phone.ts), first paint, interactive, and interactive minus first paint. Beneath
// the floor, Lighthouse also measures the same HTML without its styles (plain text and images): the
// floor's distance to it is what the page's own styling costs, the rest is this host's price of
// showing that text at all.
//
//   pnpm --filter @site/bench floor      (part of `pnpm bench`)
//
// FLOOR_PAGES narrows the pages (a comma list; PHOTO for the photo post, PACKAGE for a package page),
// FLOOR_RUNS the runs per page and door (3).
import os from 'node:os';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { ensureBuilt, startServer } from '@site/test-support/server';
import { startFloorProxy, type FloorProxy } from './floor-proxy';
import { formatLighthouseFloor, formatPhoneFloor, formatPlainFloor, lighthouseFloorRow, phoneFloorRow, type FailedRow, type LighthouseFloorRow, type PhoneFloorRow, type PhoneLoad } from './floor-table';
import { describeFailure, phase, runMain } from './harness';
import { cpuSlowdown, describeSlowdown, fixedMultiplier } from './cpu-slowdown';
import { withLighthouse, type LighthouseRun } from './lighthouse';
import { coldLoad, PHONE_PROFILE } from './phone';
import { BENCH_ADMIN, photoPostPath } from './photo-post';
import { paintsWithoutScripts } from './strip-scripts';

const RUNS = Number(process.env.FLOOR_RUNS ?? 3);
/** Issue 41's pages: a service page, a post with a photo and a package page among them. */
const PAGES = (process.env.FLOOR_PAGES ?? '/,/community,/services/ai-chatbots,PHOTO,PACKAGE,/login').split(',').filter(Boolean);

/** A public package's page, from the seeded packages. */
async function packagePath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/packages/public/search?field=package_type&value=subscription`);
  if (!res.ok) throw new Error(`GET /api/packages/public/search answered ${res.status}`);
  const [first] = (await res.json()) as { slug: string }[];
  if (!first) throw new Error('no public package to measure');
  return `/packages/${first.slug}`;
}

async function resolvePages(baseUrl: string): Promise<string[]> {
  const pages: string[] = [];
  for (const page of PAGES) {
    if (page === 'PHOTO') pages.push(...(await phase('publishing a post with a 3024×2016 photo', () => photoPostPath(baseUrl))));
    else if (page === 'PACKAGE') pages.push(await phase('finding a package page', () => packagePath(baseUrl)));
    else pages.push(page);
  }
  return pages;
}

interface Page {
  path: string;
  /** False for a page the server does not render: without scripts it paints nothing, no floor. */
  hasFloor: boolean;
}

async function floorPainted(floorUrl: string, path: string): Promise<boolean> {
  const res = await fetch(`${floorUrl}${path}`);
  if (!res.ok) throw new Error(`GET ${path} without scripts answered ${res.status}`);
  return paintsWithoutScripts(await res.text());
}

/** One page's row, or why it could not be measured: the other pages are measured all the same. */
async function rowOf<T>(page: string, measure: () => Promise<T>): Promise<T | FailedRow> {
  try {
    return await measure();
  } catch (error) {
    console.error(`bench/src/floor.ts: ${describeFailure(error)}`);
    return { page, failed: error instanceof Error ? error.message : String(error) };
  }
}

async function lighthouseRows({ servedUrl, floorUrl, plainUrl }: FloorProxy, pages: Page[]): Promise<(LighthouseFloorRow | FailedRow)[]> {
  return withLighthouse(async (audit, measureSlowdown) => {
    const rows: (LighthouseFloorRow | FailedRow)[] = [];
    for (const { path, hasFloor } of pages) {
      rows.push(
        await rowOf(path, async () => {
          // One slowdown for the page's runs, served and floor alike: their distance stays fair.
          const slowdown = await measureSlowdown();
          const served: LighthouseRun[] = [];
          const floor: LighthouseRun[] = [];
          const plain: LighthouseRun[] = [];
          for (let i = 1; i <= RUNS; i++) {
            served.push(await phase(`Lighthouse on ${path} as served (run ${i} of ${RUNS})`, () => audit(`${servedUrl}${path}`, slowdown)));
            if (!hasFloor) continue;
            floor.push(await phase(`Lighthouse on ${path} without scripts (run ${i} of ${RUNS})`, () => audit(`${floorUrl}${path}`, slowdown)));
            plain.push(await phase(`Lighthouse on ${path} without scripts or styles (run ${i} of ${RUNS})`, () => audit(`${plainUrl}${path}`, slowdown)));
          }
          return lighthouseFloorRow(path, served, hasFloor ? floor : 'none', hasFloor ? plain : 'none');
        }),
      );
    }
    return rows;
  });
}

async function phoneRows(servedUrl: string, floorUrl: string, pages: Page[]): Promise<(PhoneFloorRow | FailedRow)[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const rows: (PhoneFloorRow | FailedRow)[] = [];
    for (const { path, hasFloor } of pages) {
      rows.push(
        await rowOf(path, async () => {
          const { multiplier } = await cpuSlowdown(browser);
          const served: PhoneLoad[] = [];
          const floorPaints: number[] = [];
          for (let i = 1; i <= RUNS; i++) {
            served.push(await phase(`phone-profile load of ${path} as served (run ${i} of ${RUNS})`, () => coldLoad(browser, `${servedUrl}${path}`, multiplier)));
            if (!hasFloor) continue;
            const floor = await phase(`phone-profile load of ${path} without scripts (run ${i} of ${RUNS})`, () => coldLoad(browser, `${floorUrl}${path}`, multiplier, 'paint'));
            floorPaints.push(floor.paintMs);
          }
          return phoneFloorRow(path, served, hasFloor ? floorPaints : 'none', multiplier);
        }),
      );
    }
    return rows;
  } finally {
    await browser.close();
  }
}

const host = () => `${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`;

runMain('bench/src/floor.ts', async () => {
  assertChromium();
  ensureBuilt();
  const server = await phase('starting the api', () => startServer(BENCH_ADMIN, { asStarted: true }));
  const proxy = await startFloorProxy(server.url);
  try {
    const pages: Page[] = [];
    for (const path of await resolvePages(server.url)) pages.push({ path, hasFloor: await floorPainted(proxy.floorUrl, path) });
    const before = host();
    const lighthouse = await lighthouseRows(proxy, pages);
    const phone = await phoneRows(proxy.servedUrl, proxy.floorUrl, pages);
    console.log(`\nEach page as served and without scripts (its floor: the same server HTML, styles, fonts and images), alternating run by run`);
    console.log(`Host: ${before} at the start, ${host()} at the end\n`);
    console.log(`Lighthouse, mobile preset, median of ${RUNS}; lost = floor's performance − served; over = served − floor\n`);
    for (const line of formatLighthouseFloor(lighthouse)) console.log(line);
    const slowdown = { calibrated: fixedMultiplier() === undefined };
    console.log(`\nThe floor beside the same HTML without its styles (plain text and images), same runs; over = floor − plain, what the page's styling costs\n`);
    for (const line of formatPlainFloor(lighthouse)) console.log(line);
    console.log(`\nCPU index: Lighthouse's BenchmarkIndex of this host during the page's runs. ${describeSlowdown(slowdown)}.`);
    console.log(
      `\nPhone profile (${PHONE_PROFILE.latencyMs} ms RTT, ${PHONE_PROFILE.downMbit} Mbit/s, CPU slowed as above), median of ${RUNS} cold loads; live − paint: each load's own, then the median\n`,
    );
    for (const line of formatPhoneFloor(phone)) console.log(line);
    const unrendered = pages.filter((page) => !page.hasFloor).map((page) => page.path);
    if (unrendered.length > 0) console.log(`\n—: no floor; the server sends no content for ${unrendered.join(', ')} (an empty root the scripts fill), so without scripts it paints nothing.`);
    console.log('');
  } finally {
    await proxy.close();
    await server.stop();
  }
});
