/**
 * Each remote's releases (decision 056), with the settings `pnpm start` uses (DATA_DIR or
 * RELEASES_DIR, WEB_ROOT):
 *   pnpm release <remote> [--from DIR]   build (or take DIR's build), check, make live; prints the version
 *     --preview                          …or put it on trial for admins only; prints the version and the preview link
 *     --canary <percent>                 …or on trial for that share of visitors too (decision 058)
 *   pnpm promote <remote> <version>      make a kept release live (the checks again); its trial ends
 *   pnpm rollback <remote>               end the remote's trial, or make the release before the live one live again
 *   pnpm releases <remote>               one line per kept release: version, time, live
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { REPO_ROOT } from '../paths';
import { ReleaseRefused } from '../modules/releases/checks';
import { promote, release, releasesOf, rollback, type ReleaseMode, type ReleaseSite } from '../modules/releases/operations';
import { fileTrials, trialsOf } from '../modules/releases/trials';
import { openDatabase, type Database } from '../db/database';
import { pointersOf } from '../modules/releases/pointers';
import { filePointers } from '../modules/releases/store';
import { RENDER_BUDGET_MS } from '../modules/ssr/service';

const USAGE = 'Usage: pnpm release <remote> [--from DIR] [--preview | --canary <percent>] | pnpm promote <remote> <version> | pnpm rollback <remote> | pnpm releases <remote>';

async function main(): Promise<void> {
  // React and styled-components pick their production builds, as the server renders with them.
  process.env.NODE_ENV ??= 'production';
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { from: { type: 'string' }, preview: { type: 'boolean' }, canary: { type: 'string' } } });
  const [command, remote, version] = positionals;
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
    trials: database ? trialsOf(database, config.RELEASES_DIR) : fileTrials(config.RELEASES_DIR),
    baseUrl: config.RELEASES_BASE_URL,
    publish: config.RELEASES_PUBLISH,
  };
  if (values.preview && values.canary !== undefined) {
    console.error('Refused: a release is either a preview or a canary, not both');
    process.exitCode = 2;
    return;
  }
  const mode: ReleaseMode = values.preview ? { kind: 'preview' } : values.canary !== undefined ? { kind: 'canary', percent: Number(values.canary) } : { kind: 'live' };
  // Where an admin opens the preview: Admin → Settings → Releases turns it on for their browser.
  const siteUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  try {
    await run(site, { command, remote, version, from: values.from, mode, previewLink: `${siteUrl.replace(/\/$/, '')}/admin/settings?preview=${encodeURIComponent(remote)}` });
  } finally {
    await database?.close();
  }
}

interface Command {
  command: string;
  remote: string;
  version: string | undefined;
  from: string | undefined;
  mode: ReleaseMode;
  previewLink: string;
}

async function run(site: ReleaseSite, { command, remote, version, from: fromArg, mode, previewLink }: Command): Promise<void> {
  if (command === 'release') {
    const from = fromArg ? path.resolve(process.env.INIT_CWD ?? process.cwd(), fromArg) : undefined;
    const done = await release(site, remote, { from, mode });
    console.error(`Checked: ${Object.entries(done.medians).map(([page, ms]) => `${page} ${ms} ms`).join(', ')}`);
    if (done.pruned.length > 0) console.error(`No longer kept: ${done.pruned.join(', ')}`);
    if (mode.kind === 'preview') console.error(`On preview for admins: open ${previewLink} signed in as an admin. Make it live with: pnpm promote ${remote} ${done.version}`);
    if (mode.kind === 'canary') console.error(`On canary for ${mode.percent} % of visitors. Make it live with: pnpm promote ${remote} ${done.version}, or end it with: pnpm rollback ${remote}`);
    console.log(done.version);
    if (mode.kind === 'preview') console.log(previewLink);
  } else if (command === 'promote') {
    if (!version) throw new Error(USAGE);
    console.log((await promote(site, remote, version)).version);
  } else if (command === 'rollback') {
    const done = await rollback(site, remote);
    if (done.ended) console.error(`The ${done.ended.kind} of ${done.ended.version} is ended: every visitor is on the live release.`);
    console.log(done.version);
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
