/**
 * Size budget of the api process on the embedded database (issue 12): a small server must hold it
 * at idle, right after a fresh start and after a restart on the same data dir, and at work while four
 * 12 MP photos are uploaded at once and their variants made (issue 30). The api runs as in
 * production, in its own process, and its resident memory is read from /proc (Linux, as on CI).
 * A resource check, not a unit test: `pnpm test:resources` (part of `pnpm test`); exits 1 over budget.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { residentMiB } from '@site/test-support/memory';
import { startServer, type RunningServer } from '@site/test-support/server';
import { PHOTO_ADMIN, uploadFourPhotos } from './memory-photos';

const BUDGET_MIB = 400;
/** Startup garbage is collected by timers the database layer sets; the budget must hold within this. */
const SETTLE_MS = 5_000;
const READY_TIMEOUT_MS = 150_000;
/**
 * Run-to-run spread of the two figures: 30–42 MiB seen while other tests ran (the fresh start's
 * migrations and samples leave garbage that is collected when the collector chooses); an initdb in
 * this process adds 70–350 MiB.
 */
const FRESH_OVER_RESTART_MIB = 60;
/**
 * The photo peak moves ±10 MiB from run to run (where the allocator's heap happens to be): it must
 * sit this far under the budget, so that a run on a bad day cannot cross it (decision 016).
 */
const PHOTO_SPREAD_MIB = 15;

/**
 * The api as `pnpm start` runs it (MALLOC_ARENA_MAX, decision 016), on the embedded default (no
 * DATABASE_URL), on `dataDir`, which it leaves for a restart.
 */
const startApi = (dataDir: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> =>
  startServer({ DATABASE_URL: undefined, ...extraEnv }, { dataDir, asStarted: true, readyTimeoutMs: READY_TIMEOUT_MS, stopTimeoutMs: READY_TIMEOUT_MS });

/** Resident memory once settled: the first reading within the budget, else the last one after SETTLE_MS. */
async function settledMiB(api: RunningServer): Promise<number> {
  const until = Date.now() + SETTLE_MS;
  for (;;) {
    const mib = await residentMiB(api.process.pid!);
    if (mib <= BUDGET_MIB || Date.now() > until) return mib;
    await delay(250);
  }
}

const failures: string[] = [];

function check(ok: boolean, message: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failures.push(message);
}

/**
 * Both at ready (nothing of the start, e.g. initdb's instance, is left for the collector to find
 * later) and once settled.
 */
async function checkWithinBudget(api: RunningServer, label: string): Promise<number> {
  const atReady = await residentMiB(api.process.pid!);
  // A read that touches the database, so the figure is that of a working process.
  const status = (await fetch(`${api.url}/api/events`)).status;
  if (status !== 200) throw new Error(`${label}: GET /api/events answered ${status}:\n${api.output()}`);
  const settled = await settledMiB(api);
  check(atReady <= BUDGET_MIB, `${label}: ${atReady.toFixed(0)} MiB resident at ready (budget ${BUDGET_MIB} MiB)`);
  check(settled <= BUDGET_MIB, `${label}: ${settled.toFixed(0)} MiB resident settled (budget ${BUDGET_MIB} MiB)`);
  return atReady;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'site-memory-'));
let api: RunningServer | undefined;
try {
  api = await startApi(dataDir);
  if (!existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) throw new Error(`no embedded database was made in ${dataDir}`);
  const fresh = await checkWithinBudget(api, 'fresh start');
  await api.stop();
  api = await startApi(dataDir);
  const restart = await checkWithinBudget(api, 'restart on the same data dir');
  // Making the database leaves nothing behind: a fresh start sits where a restart does.
  check(fresh - restart <= FRESH_OVER_RESTART_MIB, `fresh start ${fresh.toFixed(0)} MiB, restart ${restart.toFixed(0)} MiB: at most ${FRESH_OVER_RESTART_MIB} MiB apart`);
  await api.stop();
  // Work, not idle: four 12 MP phone photos uploaded at once, cleaned and derived (issue 30).
  api = await startApi(dataDir, PHOTO_ADMIN);
  const photos = await uploadFourPhotos(api.url, api.process.pid!);
  console.log(
    `     four photos of ${photos.photoMB.map((mb) => `${mb.toFixed(1)} MB`).join(', ')}: answered in ${photos.uploadMs.map((ms) => `${ms} ms`).join(', ')}, ` +
      `every variant made after ${photos.derivedMs} ms; ${photos.uploadPeakMiB.toFixed(0)} MiB resident at most until all were answered`,
  );
  check(
    photos.peakMiB <= BUDGET_MIB - PHOTO_SPREAD_MIB,
    `four 12 MP photos at once: ${photos.peakMiB.toFixed(0)} MiB resident at peak, ${photos.baselineMiB.toFixed(0)} MiB before ` +
      `(budget ${BUDGET_MIB} MiB, less ${PHOTO_SPREAD_MIB} MiB of run-to-run spread)`,
  );
} finally {
  await api?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failures.length ? 1 : 0);
