// Each page beside its floor (issue 41): as served, and as the same server HTML with every script
// taken out (same styles, fonts and images; floor-proxy.ts), measured back to back on this host,
// alternating run by run so that both see the same load. Prints both and the distance: Lighthouse
// (mobile, median of 3) performance points the scripts cost, TBT and LCP over the floor; on the
// phone profile (phone.ts), first paint, interactive, and interactive minus first paint.
//
//   pnpm --filter @site/bench floor      (part of `pnpm bench`)
//
// FLOOR_PAGES narrows the pages (a comma list; PHOTO for the photo post, PACKAGE for a package page),
// FLOOR_RUNS the runs per page and door (3).
import os from 'node:os';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { ensureBuilt, startServer } from '@site/test-support/server';
import { startFloorProxy } from './floor-proxy';
import { formatLighthouseFloor, formatPhoneFloor, lighthouseFloorRow, phoneFloorRow, type LighthouseFloorRow, type PhoneFloorRow, type PhoneLoad } from './floor-table';
import { phase, runMain } from './harness';
import { CALIBRATED_CPU_INDEX, withLighthouse, type LighthouseRun } from './lighthouse';
import { coldLoad, PHONE_PROFILE } from './phone';
import { BENCH_ADMIN, photoPostPath } from './photo-post';

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

async function lighthouseRows(servedUrl: string, floorUrl: string, pages: string[]): Promise<LighthouseFloorRow[]> {
  return withLighthouse(async (audit) => {
    const rows: LighthouseFloorRow[] = [];
    for (const page of pages) {
      const served: LighthouseRun[] = [];
      const floor: LighthouseRun[] = [];
      for (let i = 1; i <= RUNS; i++) {
        served.push(await phase(`Lighthouse on ${page} as served (run ${i} of ${RUNS})`, () => audit(`${servedUrl}${page}`)));
        floor.push(await phase(`Lighthouse on ${page} without scripts (run ${i} of ${RUNS})`, () => audit(`${floorUrl}${page}`)));
      }
      rows.push(lighthouseFloorRow(page, served, floor));
    }
    return rows;
  });
}

async function phoneRows(servedUrl: string, floorUrl: string, pages: string[]): Promise<PhoneFloorRow[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const rows: PhoneFloorRow[] = [];
    for (const page of pages) {
      const served: PhoneLoad[] = [];
      const floorPaints: number[] = [];
      for (let i = 1; i <= RUNS; i++) {
        served.push(await phase(`phone-profile load of ${page} as served (run ${i} of ${RUNS})`, () => coldLoad(browser, `${servedUrl}${page}`)));
        const floor = await phase(`phone-profile load of ${page} without scripts (run ${i} of ${RUNS})`, () => coldLoad(browser, `${floorUrl}${page}`, 'paint'));
        floorPaints.push(floor.paintMs);
      }
      rows.push(phoneFloorRow(page, served, floorPaints));
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
    const pages = await resolvePages(server.url);
    const before = host();
    const lighthouse = await lighthouseRows(proxy.servedUrl, proxy.floorUrl, pages);
    const phone = await phoneRows(proxy.servedUrl, proxy.floorUrl, pages);
    console.log(`\nEach page as served and without scripts (its floor: the same server HTML, styles, fonts and images), alternating run by run`);
    console.log(`Host: ${before} at the start, ${host()} at the end\n`);
    console.log(`Lighthouse, mobile preset, median of ${RUNS}; lost = floor's performance − served; over = served − floor\n`);
    for (const line of formatLighthouseFloor(lighthouse)) console.log(line);
    console.log(`\nCPU index: Lighthouse's BenchmarkIndex of this host (its 4× slowdown is calibrated for ${CALIBRATED_CPU_INDEX}).`);
    console.log(
      `\nPhone profile (${PHONE_PROFILE.latencyMs} ms RTT, ${PHONE_PROFILE.downMbit} Mbit/s, CPU ${PHONE_PROFILE.cpuSlowdown}× slower), median of ${RUNS} cold loads; live − paint: each load's own, then the median\n`,
    );
    for (const line of formatPhoneFloor(phone)) console.log(line);
    console.log('');
  } finally {
    await proxy.close();
    await server.stop();
  }
});
