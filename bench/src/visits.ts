// Real-visit figures on the phone profile (150 ms round trip, 1.6 Mbit/s, CPU slowed to a mid-tier
// phone's as in phone.ts): fresh phones visit the bench's pages, tap the page once it is live and
// leave; the shell's beacon reports each view, and this prints what Admin → Releases shows for them
// (visits, error rate, p75 LCP, INP and CLS per front end version), with a screenshot of that screen
// at 1280 px.
//
//   pnpm --filter @site/bench visits      (VISITS_PER_PAGE=5 by default; BENCH_SHOTS_DIR for the screenshot)
import { mkdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { ensureBuilt, startServer, type RunningServer } from '@site/test-support/server';
import { cpuSlowdown, describeSlowdown, type CpuSlowdown } from './cpu-slowdown';
import { phase, runMain } from './harness';
import { PHONE_PROFILE, phonePages } from './phone';

/** GET /api/admin/vitals, as Admin → Releases reads it (shared/src/contracts/vitals.ts). */
interface VitalsOverview {
  versions: Array<{ remote: string; version: string; visits: number; error_rate: number; lcp_p75: number | null; inp_p75: number | null; cls_p75: number | null }>;
}

const VISITS_PER_PAGE = Number(process.env.VISITS_PER_PAGE ?? 5);
const ADMIN = { username: 'bench-admin', email: 'bench-admin@example.com', password: 'bench-admin-password' };

/** Page views of the shell counted so far, as Admin → Releases reads them. */
async function counted(server: RunningServer, token: string): Promise<VitalsOverview> {
  return (await (await fetch(`${server.url}/api/admin/vitals`, { headers: { authorization: `Bearer ${token}` } })).json()) as VitalsOverview;
}
const shellVisits = (overview: VitalsOverview) => overview.versions.filter((row) => row.remote === 'shell').reduce((sum, row) => sum + row.visits, 0);

/** Whether the visit's page view was counted (a beacon lost on the way is reported, not retried). */
async function visit(browser: Browser, url: string, slowdown: CpuSlowdown, seen: () => Promise<number>): Promise<boolean> {
  const before = await seen();
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
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown.multiplier });
    await page.goto(url, { waitUntil: 'commit' });
    // The beacon's code loads once the page is live and idle; it marks the document when it listens.
    await page.waitForSelector('html[data-vitals="on"]', { state: 'attached', timeout: 60_000 });
    // One interaction for INP: the phone's menu opened (web-vitals sees interactions of 40 ms and more).
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).tap();
    // Leaving the page hides it: the beacon goes then. The phone stays until the view is counted
    // (closing the browser would cancel a beacon still on the slow network).
    await page.goto('about:blank');
    for (const until = Date.now() + 15_000; (await seen()) <= before; ) {
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return true;
  } finally {
    await context.close();
  }
}

async function adminToken(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }) });
  if (!response.ok) throw new Error(`admin sign-in answered ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function screenshot(browser: Browser, server: RunningServer, dir: string): Promise<string> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Login successful').waitFor();
    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole('heading', { name: 'Releases' }).first().scrollIntoViewIfNeeded();
    await mkdir(dir, { recursive: true });
    const file = `${dir}/admin-releases-visits-1280.png`;
    await page.screenshot({ path: file, fullPage: true });
    return file;
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  assertChromium();
  ensureBuilt();
  const server = await startServer(
    { ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, VITALS_FLUSH_MS: '500' },
    { asStarted: true },
  );
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const pages = await phonePages(server.url);
    const token = await adminToken(server);
    const lost: string[] = [];
    const slowdowns: number[] = [];
    let calibrated = true;
    for (const page of pages) {
      const slowdown = await cpuSlowdown(browser);
      slowdowns.push(slowdown.multiplier);
      calibrated = slowdown.calibrated;
      for (let i = 1; i <= VISITS_PER_PAGE; i++) {
        if (!(await phase(`visit ${i} of ${page}`, () => visit(browser, `${server.url}${page}`, slowdown, async () => shellVisits(await counted(server, token)))))) lost.push(`${page} (visit ${i})`);
      }
    }
    if (lost.length) console.log(`\nNot counted within 15 s of leaving: ${lost.join(', ')}`);
    const overview = await counted(server, token);
    const s = (value: number | null) => (value === null ? '–' : `${value.toFixed(2)} s`);
    console.log(`\nReal visits on the phone profile: ${VISITS_PER_PAGE} fresh phones on each of ${pages.join(', ')}, CPU ${slowdowns.map((m) => `${m.toFixed(1)}×`).join(', ')}; as Admin → Releases shows them\n`);
    console.log(`${'front end'.padEnd(15)} ${'version'.padEnd(31)} visits  errors  p75 LCP  p75 INP  p75 CLS`);
    for (const row of overview.versions) {
      console.log(
        `${row.remote.padEnd(15)} ${row.version.padEnd(31)} ${String(row.visits).padStart(6)} ${`${(row.error_rate * 100).toFixed(1)} %`.padStart(7)} ${s(row.lcp_p75).padStart(8)} ${s(row.inp_p75).padStart(8)} ${(row.cls_p75 === null ? '–' : row.cls_p75.toFixed(3)).padStart(8)}`,
      );
    }
    console.log(`\n${describeSlowdown({ calibrated })}.`);
    const dir = process.env.BENCH_SHOTS_DIR;
    if (dir) console.log(`\nScreenshot: ${await screenshot(browser, server, dir)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) runMain('bench/src/visits.ts', main);
