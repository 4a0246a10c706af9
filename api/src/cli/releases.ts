/**
 * Each remote's releases (decision 056), with the settings `pnpm start` uses (DATA_DIR or
 * RELEASES_DIR, WEB_ROOT):
 *   pnpm release <remote> [--from DIR]   build (or take DIR's build), check, make live; prints the version
 *   pnpm rollback <remote>               make the release before the live one live again
 *   pnpm releases <remote>               one line per kept release: version, time, live
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { REPO_ROOT } from '../paths';
import { ReleaseRefused } from '../modules/releases/checks';
import { release, releasesOf, rollback, type ReleaseSite } from '../modules/releases/operations';
import { openDatabase, type Database } from '../db/database';
import { pointersOf } from '../modules/releases/pointers';
import { filePointers } from '../modules/releases/store';
import { RENDER_BUDGET_MS } from '../modules/ssr/service';

const USAGE = 'Usage: pnpm release <remote> [--from DIR] | pnpm rollback <remote> | pnpm releases <remote>';

async function main(): Promise<void> {
  // React and styled-components pick their production builds, as the server renders with them.
  process.env.NODE_ENV ??= 'production';
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { from: { type: 'string' } } });
  const [command, remote] = positionals;
  if (!command || !remote) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  // On PostgreSQL the pointers are rows shared by every instance; the embedded database belongs to
  // the running api, and its pointers are files.
  const database: Database | null = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS })
    : null;
  const site: ReleaseSite = {
    repoRoot: REPO_ROOT,
    webRoot: config.WEB_ROOT,
    releasesDir: config.RELEASES_DIR,
    keep: config.RELEASES_KEEP,
    budgetMs: RENDER_BUDGET_MS,
    pointers: database ? pointersOf(database, config.RELEASES_DIR) : filePointers(config.RELEASES_DIR),
    baseUrl: config.RELEASES_BASE_URL,
    publish: config.RELEASES_PUBLISH,
  };
  try {
    await run(site, command, remote, values.from);
  } finally {
    await database?.close();
  }
}

async function run(site: ReleaseSite, command: string, remote: string, fromArg: string | undefined): Promise<void> {
  if (command === 'release') {
    const from = fromArg ? path.resolve(process.env.INIT_CWD ?? process.cwd(), fromArg) : undefined;
    const done = await release(site, remote, { from });
    console.error(`Checked: ${Object.entries(done.medians).map(([page, ms]) => `${page} ${ms} ms`).join(', ')}`);
    if (done.pruned.length > 0) console.error(`No longer kept: ${done.pruned.join(', ')}`);
    console.log(done.version);
  } else if (command === 'rollback') {
    console.log((await rollback(site, remote)).version);
  } else if (command === 'list') {
    for (const line of await releasesOf(site, remote)) console.log(`${line.version}\t${line.created_at}${line.live ? '\tlive' : ''}`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof ReleaseRefused ? `Refused: ${error.message}` : (error as Error).message);
    process.exitCode = 1;
  })
  // The render check leaves the containers' timers and handles behind.
  .finally(() => process.exit());
