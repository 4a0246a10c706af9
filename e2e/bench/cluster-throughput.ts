// Public reads per second through nginx (deploy/nginx) with one and with two api instances on the
// same PostgreSQL, measured in the same run, and their ratio. Part of `pnpm bench`; alone:
// `TEST_DATABASE_URL=postgres://… pnpm --filter @site/e2e exec tsx bench/cluster-throughput.ts`.
// Everything (nginx, the instances, PostgreSQL, the load generator) shares this machine's cores.
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { startCluster } from '../support/cluster';

const CONNECTIONS = 50;
const WARMUP_S = 3;
const DURATION_S = 10;
const READS = ['/api/blogs/search?field=status&value=published', '/api/events', '/api/blogs/rss.xml', '/blogs', '/sitemap.xml'];

interface Row {
  instances: number;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

async function measure(instances: number): Promise<Row> {
  const cluster = await startCluster(instances, { prefix: 'bench_cluster' });
  try {
    const requests = READS.map((path) => ({ method: 'GET' as const, path }));
    // The first pass fills each instance's public-read cache and nginx's kept-alive connections.
    await autocannon({ url: cluster.proxy.url, connections: CONNECTIONS, duration: WARMUP_S, requests });
    const result = await autocannon({ url: cluster.proxy.url, connections: CONNECTIONS, duration: DURATION_S, requests });
    return { instances, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
  } finally {
    await cluster.stop();
  }
}

async function main() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\ncluster throughput: skipped, set TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test)');
    return;
  }
  const one = await measure(1);
  const two = await measure(2);
  console.log(`\nPublic reads through nginx, autocannon ${CONNECTIONS} connections, ${DURATION_S} s, ${availableParallelism()} cores shared by all\n`);
  console.log('instances  req/s    p99 ms  errors');
  for (const row of [one, two]) {
    console.log(`${String(row.instances).padEnd(9)}  ${row.requestsPerSecond.toFixed(0).padStart(6)}  ${String(row.p99Ms).padStart(6)}  ${String(row.errors).padStart(6)}`);
  }
  console.log(`\nratio two / one instance: ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}x`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
