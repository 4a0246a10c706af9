// Public reads per second through nginx (deploy/nginx) with one and with two api instances on
// PostgreSQL, measured in the same run, and their ratio. Part of `pnpm bench`; alone:
// `TEST_DATABASE_URL=postgres://… pnpm --filter @site/bench cluster`.
// Everything (nginx, the instances, PostgreSQL, the load generator) shares this machine's cores, so
// both set-ups run side by side and are measured in alternating rounds: a burst of load from
// elsewhere on the machine falls on both, and the medians are compared.
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from '@site/test-support/cluster';
import { ensureBuilt } from '@site/test-support/server';
import { median } from './harness';

const CONNECTIONS = 50;
const ROUNDS = 3;
const ROUND_S = 6;
const WARMUP_S = 3;
const READS = ['/api/blogs/search?field=status&value=published', '/api/events', '/api/blogs/rss.xml', '/blogs', '/sitemap.xml'];
const requests = READS.map((path) => ({ method: 'GET' as const, path }));

async function load(cluster: Cluster, seconds: number) {
  const result = await autocannon({ url: cluster.proxy.url, connections: CONNECTIONS, duration: seconds, requests });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\ncluster throughput: skipped, set TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test)');
    return;
  }
  ensureBuilt();
  const setups = [
    { instances: 1, cluster: await startCluster(1, { prefix: 'bench_one' }), rounds: [] as Awaited<ReturnType<typeof load>>[] },
    { instances: 2, cluster: await startCluster(2, { prefix: 'bench_two' }), rounds: [] as Awaited<ReturnType<typeof load>>[] },
  ];
  try {
    // Fills each instance's public-read cache and nginx's kept-alive connections.
    for (const setup of setups) await load(setup.cluster, WARMUP_S);
    for (let round = 0; round < ROUNDS; round++) {
      for (const setup of round % 2 ? [...setups].reverse() : setups) setup.rounds.push(await load(setup.cluster, ROUND_S));
    }
  } finally {
    for (const setup of setups) await setup.cluster.stop();
  }
  console.log(
    `\nPublic reads through nginx: autocannon ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_S} s; ` +
      `${availableParallelism()} cores shared by all (load average ${loadavg()[0]!.toFixed(1)})\n`,
  );
  console.log('instances  req/s (median)  rounds               p99 ms  errors');
  for (const { instances, rounds } of setups) {
    console.log(
      `${String(instances).padEnd(9)}  ${median(rounds.map((r) => r.requestsPerSecond)).toFixed(0).padStart(14)}  ` +
        `${rounds.map((r) => r.requestsPerSecond.toFixed(0)).join(' / ').padEnd(19)}  ${String(median(rounds.map((r) => r.p99Ms))).padStart(6)}  ` +
        `${String(rounds.reduce((sum, r) => sum + r.errors, 0)).padStart(6)}`,
    );
  }
  const [one, two] = setups.map(({ rounds }) => median(rounds.map((r) => r.requestsPerSecond)));
  console.log(`\nratio two / one instance: ${(two! / one!).toFixed(2)}x`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
