// Lighthouse (mobile, median of 3) and the phone-profile time to interactive on the four bench pages; public reads and server-rendered pages
// against a bare Fastify hello-world, directly and the pages through nginx (deploy/, with its
// micro-cache), on the embedded PGlite and on PostgreSQL; the api's resident memory on PGlite.
//
//   pnpm --filter @site/bench speed      (part of `pnpm bench`)
//
// BENCH_SKIP_LIGHTHOUSE=1 leaves Lighthouse out; BENCH_SKIP_MEMORY=1 the idle waits and the restart of
// the memory table; BENCH_SKIP_POSTGRES=1 the PostgreSQL part, which otherwise creates and drops a
// fresh database at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { renderNginxSite } from '../../deploy/render-nginx.mjs';
import { assertChromium } from '@site/test-support/chromium';
import { NGINX, startNginx } from '@site/test-support/cluster';
import { ensureBuilt, repoRoot, startServer, type RunningServer } from '@site/test-support/server';
import { printLighthouse } from './lighthouse';
import { phonePages, printPhoneInteractive } from './phone';
import { autocannonLoad, printComparedTable, wrkLoad, type Target } from './load';
import { printReads, withPostgresDatabase } from './reads';
import { formatRss, rssMiB } from './memory';
import { phase, runMain } from './harness';
import { BENCH_ADMIN, photoPostPath, printPhotoFigures } from './photo-post';

const skipMemory = Boolean(process.env.BENCH_SKIP_MEMORY);
const SETTLE_MS = 30_000;
/** Server-rendered pages; a published `/blog/{slug}` (a counted view on each visit) is added. */
const PAGES = ['/', '/community'];
/** Pages as browsers ask for them. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

async function sampleBlogPath(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/blogs/search?field=status&value=published`);
  if (!res.ok) throw new Error(`GET /api/blogs/search answered ${res.status}`);
  const published = (await res.json()) as { slug: string }[];
  return published[0] ? [`/blog/${published[0].slug}`] : [];
}

/** Whether the nginx configuration deploy/ renders caches the api's answers (its micro-cache). */
function nginxCaches(): boolean {
  const site = renderNginxSite({ apis: ['127.0.0.1:1'], webRoot: repoRoot, listen: '127.0.0.1:1' });
  return /^\s*proxy_cache\s+(?!off)\S/m.test(site);
}

async function throughput(server: RunningServer, database: string, env: Record<string, string> = {}): Promise<void> {
  const pages = [...PAGES, ...(await phase('finding a sample blog', () => sampleBlogPath(server.url)))];
  await printReads(server, database, env);
  const pageLoad = wrkLoad ?? autocannonLoad;
  if (!wrkLoad) console.log('\nwrk: not installed (apt-get install wrk); the pages are measured with autocannon, whose body decoding bounds them');
  const direct: Target[] = pages.map((page) => ({ label: page, url: `${server.url}${page}`, headers: BROWSER_HEADERS }));
  if (!existsSync(NGINX)) {
    console.log(`\nnginx: not found at ${NGINX} (apt-get install nginx); the pages through nginx are left out`);
    await printComparedTable(`Server-rendered pages, Accept-Encoding: br, gzip (${database})`, pageLoad, direct);
    return;
  }
  const nginx = await phase('starting nginx in front of the api', () => startNginx([new URL(server.url).host]));
  try {
    const cache = nginxCaches() ? 'its micro-cache on' : 'no proxy_cache in the template deploy/ renders';
    const proxied: Target[] = pages.map((page) => ({ label: `${page} through nginx`, url: `${nginx.url}${page}`, headers: BROWSER_HEADERS }));
    await printComparedTable(`Server-rendered pages, Accept-Encoding: br, gzip (${database}; nginx: ${cache})`, pageLoad, [...direct, ...proxied]);
  } finally {
    await nginx.stop();
  }
}

async function pgliteRun(): Promise<void> {
  const memory: [string, number | undefined][] = [];
  const server = await phase('starting the api on PGlite (fresh DATA_DIR)', () => startServer(BENCH_ADMIN, { keepDataDir: true, asStarted: true }));
  try {
    memory.push(['fresh start, at ready', await rssMiB(server.process.pid)]);
    if (!skipMemory) {
      await delay(SETTLE_MS);
      memory.push([`fresh start, idle ${SETTLE_MS / 1000} s later`, await rssMiB(server.process.pid)]);
    }
    // The four bench pages, their blog post found before the photo post below is published.
    const benchPages = await phonePages(server.url);
    await phase('phone-profile time to interactive', () => printPhoneInteractive(server.url, benchPages));
    const photoPost = await phase('publishing a post with a 3024×2016 photo', () => photoPostPath(server.url));
    if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
      await printLighthouse(server.url, [...benchPages, ...photoPost], 'PGlite');
    }
    await phase('photo timings and bytes', () => printPhotoFigures(server.url, photoPost[0]));
    await throughput(server, 'PGlite');
    memory.push(['after the loads above', await rssMiB(server.process.pid)]);
    await server.stop();

    if (!skipMemory) {
      const restarted = await phase('restarting the api on the same DATA_DIR', () => startServer({}, { dataDir: server.dataDir, asStarted: true }));
      try {
        memory.push(['restart on the same data dir, at ready', await rssMiB(restarted.process.pid)]);
        await delay(SETTLE_MS);
        memory.push([`restart, idle ${SETTLE_MS / 1000} s later`, await rssMiB(restarted.process.pid)]);
      } finally {
        await restarted.stop();
      }
    }
  } finally {
    await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  }
  console.log('\napi process resident memory (VmRSS), PGlite; budget 400 MiB at idle\n');
  for (const [label, mib] of memory) console.log(`${label.padEnd(44)} ${formatRss(mib).padStart(9)}`);
}

async function postgresRun(): Promise<void> {
  await withPostgresDatabase(async (url) => {
    const server = await phase('starting the api on PostgreSQL', () => startServer({ DATABASE_URL: url }, { asStarted: true }));
    try {
      const atReady = await rssMiB(server.process.pid);
      await throughput(server, 'PostgreSQL', { DATABASE_URL: url });
      console.log(`\napi process resident memory (VmRSS), PostgreSQL: ${formatRss(atReady)} at ready, ${formatRss(await rssMiB(server.process.pid))} after the loads above`);
    } finally {
      await server.stop();
    }
  });
}

runMain('bench/src/speed.ts', async () => {
  assertChromium();
  ensureBuilt();
  await pgliteRun();
  if (!process.env.BENCH_SKIP_POSTGRES) await postgresRun();
  console.log('');
});
