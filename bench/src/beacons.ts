// Visitors' beacons one instance absorbs: the api's own CPU time per beacon, measured at paced
// rates, and the rate that costs a tenth of a core (the release-health issue's figure).
//
//   pnpm --filter @site/bench beacons
//
// Each beacon carries one page view as the shell sends it (route, the front ends' versions, the
// four signals) from an address of its own (a proxy in front, as deployed), so the per-address
// limit never answers instead of the work being measured. The api runs as `pnpm start` runs it.
// On PGlite the database works inside the api's process, so its writes are in the figure.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, startServer, type RunningServer } from '@site/test-support/server';
import { phase, runMain } from './harness';

const RATES = [100, 300, 1000];
const SECONDS = 10;
const CORE_SHARE = 0.1;
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;
const RELEASE = /\/releases\/[\w-]+\/(\d{8}T\d{9}Z-[0-9a-f]{12})\//;

/** The api process's CPU time so far, in seconds (user + system). */
export function cpuSeconds(stat: string): number {
  // Fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** The i-th beacon's client address: a distinct private IPv4 address per beacon. */
export const addressOf = (i: number): string => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The beacons per second that would cost `share` of a core, from a measured rate and its cost. */
export const rateAtShare = (rate: number, coreFraction: number, share = CORE_SHARE): number => (coreFraction > 0 ? (rate * share) / coreFraction : Number.POSITIVE_INFINITY);

async function pageView(server: RunningServer): Promise<string> {
  const entries = (await (await fetch(`${server.url}/remotes.json`)).json()) as Record<string, string>;
  const version = (name: string) => RELEASE.exec(entries[name] ?? '')?.[1] ?? 'build';
  const remotes = { shell: 'build', 'mfe-marketing': version('mfe_marketing'), 'mfe-commerce': version('mfe_commerce') };
  return JSON.stringify({ views: [{ route: '/', remotes, lcp: 1.42, inp: 0.12, ttfb: 0.31, cls: 0.01 }] });
}

interface Step {
  rate: number;
  sent: number;
  accepted: number;
  coreFraction: number;
}

/** The api's CPU share while no beacon comes (timers, jobs, the vitals flush): subtracted from each step. */
async function idle(server: RunningServer): Promise<number> {
  const statPath = `/proc/${server.process.pid}/stat`;
  const before = cpuSeconds(readFileSync(statPath, 'utf8'));
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  return (cpuSeconds(readFileSync(statPath, 'utf8')) - before) / ((performance.now() - start) / 1000);
}

async function paced(server: RunningServer, body: string, rate: number, offset: number): Promise<Step> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const url = new URL('/api/vitals', server.url);
  const total = rate * SECONDS;
  const statPath = `/proc/${server.process.pid}/stat`;
  const cpuBefore = cpuSeconds(readFileSync(statPath, 'utf8'));
  const start = performance.now();
  let sent = 0;
  let accepted = 0;
  let settled = 0;
  await new Promise<void>((resolve) => {
    const settle = (ok: boolean) => {
      if (ok) accepted++;
      if (++settled === total) resolve();
    };
    const send = (i: number) => {
      const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': addressOf(offset + i) } }, (response) => {
        response.resume();
        response.on('end', () => settle(response.statusCode === 204));
      });
      request.on('error', () => settle(false));
      request.end(body);
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      for (; sent < due; sent++) send(sent);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  const coreFraction = (cpuSeconds(readFileSync(statPath, 'utf8')) - cpuBefore) / elapsed;
  agent.destroy();
  return { rate, sent: total, accepted, coreFraction };
}

async function main(): Promise<void> {
  ensureBuilt();
  const server = await phase('starting the api', () => startServer({ TRUST_PROXY: '127.0.0.1' }, { asStarted: true }));
  try {
    const body = await pageView(server);
    console.log(`\nVisitor beacons, one instance on PGlite (${Buffer.byteLength(body)} B each, ${SECONDS} s per rate)`);
    let offset = 0;
    // An unmeasured warm-up: the first beacons compile the route and fill the version cache.
    await paced(server, body, 100, offset);
    offset += 100 * SECONDS;
    const base = await idle(server);
    console.log(`api CPU with no beacon: ${(base * 100).toFixed(1)} % of a core (subtracted below)`);
    console.log('beacons/s offered | answered 204 | api CPU (share of a core) | per beacon | beacons/s at 10% of a core');
    for (const rate of RATES) {
      const step = await phase(`${rate} beacons/s`, () => paced(server, body, rate, offset));
      offset += step.sent;
      const cost = Math.max(0, step.coreFraction - base);
      const perBeacon = `${((cost * 1000) / rate).toFixed(2)} ms`;
      console.log(`${String(rate).padStart(17)} | ${`${step.accepted}/${step.sent}`.padStart(12)} | ${`${(cost * 100).toFixed(1)} %`.padStart(25)} | ${perBeacon.padStart(10)} | ${Math.round(rateAtShare(rate, cost))}`);
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) runMain('bench/src/beacons.ts', main);
