// Public reads through Fastify against a bare Fastify hello-world: throughput ratio (closed loop,
// 50 connections) and p99 at 1,000 req/s paced, on the embedded PGlite and on PostgreSQL. The api
// runs as `pnpm start` runs it, at its log level (a line per request); one more row reads
// /api/events from a second api at LOG_LEVEL=warn, in the same table, for what that line costs.
//
//   pnpm --filter @site/bench reads      (also part of `pnpm --filter @site/bench speed`)
//
// BENCH_SKIP_POSTGRES=1 leaves PostgreSQL out; otherwise a fresh database is created and dropped at
// BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { pathToFileURL } from 'node:url';
import { createDatabase } from '@site/test-support/postgres';
import { ensureBuilt, startCommandEnv, startServer, type RunningServer } from '@site/test-support/server';
import { phase, runMain } from './harness';
import { autocannonLoad, printComparedTable, printLatencyTable, type Target } from './load';

const READS = [
  '/api/events',
  '/api/blogs/search?field=status&value=published',
  '/api/packages/public/search?field=package_type&value=subscription',
  '/api/blogs/rss.xml',
  '/sitemap.xml',
];

/** The log level `pnpm start` leaves the api at (api/src/config.ts), unless LOG_LEVEL names one. */
const startedLogLevel = () => startCommandEnv().LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info';

/** `env`: what `server` was started with (its database), for the second api at LOG_LEVEL=warn. */
export async function printReads(server: RunningServer, database: string, env: Record<string, string> = {}): Promise<void> {
  const reads: Target[] = READS.map((read) => ({ label: read, url: `${server.url}${read}` }));
  const quiet = await phase(`starting a second api at LOG_LEVEL=warn on ${database}`, () => startServer({ ...env, LOG_LEVEL: 'warn' }, { asStarted: true }));
  try {
    const atWarn: Target = { label: `${READS[0]} at LOG_LEVEL=warn (a second api)`, url: `${quiet.url}${READS[0]}` };
    await printComparedTable(`Public reads (${database}; LOG_LEVEL=${startedLogLevel()} as started, and one row at warn)`, autocannonLoad, [...reads, atWarn]);
  } finally {
    await quiet.stop();
  }
  await printLatencyTable(`Public reads, latency (${database})`, reads);
}

/** A fresh database at BENCH_POSTGRES_URL for `use`, dropped afterwards. */
export async function withPostgresDatabase(use: (url: string) => Promise<void>): Promise<void> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await phase(`creating a database at ${adminUrl}`, () => createDatabase('bench', adminUrl));
  try {
    await use(database.url);
  } finally {
    await phase('dropping it', () => database.drop());
  }
}

async function readsOn(database: string, env: Record<string, string> = {}): Promise<void> {
  const server = await phase(`starting the api on ${database}`, () => startServer(env, { asStarted: true }));
  try {
    await printReads(server, database, env);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  runMain('bench/src/reads.ts', async () => {
    ensureBuilt();
    await readsOn('PGlite');
    if (!process.env.BENCH_SKIP_POSTGRES) await withPostgresDatabase((url) => readsOn('PostgreSQL', { DATABASE_URL: url }));
    console.log('');
  });
}
