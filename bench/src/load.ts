// Load generators (autocannon as published; Debian's wrk when installed; a paced one for latency)
// and the one baseline every row is compared with: a bare Fastify hello-world in its own process.
import { fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '@site/test-support/server';
import { until } from '@site/test-support/until';
import { median, phase } from './harness';
import { LATENCY_RATE, type PacedResult } from './paced';

export const LOAD = { connections: 50, durationS: 10 };
/**
 * Each run first loads the same path for 3 s, unmeasured: the first seconds pay for compilation and
 * the connections' setup. The rows measure the steady state, the hello-world's included.
 */
export const WARMUP_S = 3;

export interface LoadRow {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export interface LoadGenerator {
  name: string;
  /** A run of `seconds` (LOAD.durationS by default) after WARMUP_S unmeasured. */
  run(label: string, url: string, headers?: Record<string, string>, seconds?: number): Promise<LoadRow>;
}

export const autocannonLoad: LoadGenerator = {
  name: 'autocannon',
  run: (label, url, headers = {}, seconds = LOAD.durationS) =>
    phase(`autocannon on ${label}`, async () => {
      const result = await autocannon({
        url,
        headers,
        connections: LOAD.connections,
        duration: seconds,
        // In autocannon's options (lib/init.js) but not in its published types.
        warmup: { connections: LOAD.connections, duration: WARMUP_S },
      } as autocannon.Options);
      return { label, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
    }),
};

const wrkPath = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => existsSync(candidate));

function wrk(seconds: number, url: string, headers: Record<string, string>): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const args = ['-t1', `-c${LOAD.connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
    const child = spawn(wrkPath!, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, code }));
  });
}

/**
 * Debian's wrk (apt-get install wrk), one thread like autocannon's one event loop. It counts a body's
 * bytes without decoding them, where autocannon turns each into a JavaScript string: for pages of
 * 10-40 KB that decoding, not the server, is what autocannon measures.
 */
export const wrkLoad: LoadGenerator | undefined = wrkPath === undefined ? undefined : {
  name: 'wrk',
  run: (label, url, headers = {}, seconds = LOAD.durationS) =>
    phase(`wrk on ${label}`, async () => {
      await wrk(WARMUP_S, url, headers);
      const { stdout, code } = await wrk(seconds, url, headers);
      const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
      const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(stdout);
      if (code !== 0 || !perSecond || !p99) throw new Error(`wrk exited with ${code}:\n${stdout}`);
      const toMs = { us: 0.001, ms: 1, s: 1000 }[p99[2] as 'us' | 'ms' | 's'];
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)?.slice(1).reduce((sum, n) => sum + Number(n), 0) ?? 0;
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
      return { label, requestsPerSecond: Number(perSecond[1]), p99Ms: Number((Number(p99[1]) * toMs).toFixed(2)), errors: socketErrors + non2xx };
    }),
};

/**
 * Runs per row of the latency table. One 10 s run is 10,000 requests, so a single pause of the host
 * of a few tens of ms decides its p99: a row reports the median of its runs and shows them all.
 */
export const LATENCY_RUNS = 3;

interface LatencyRow extends LoadRow {
  p99Runs: number[];
}

/**
 * p99 of `url` at LATENCY_RATE requests a second, paced (paced.ts), after WARMUP_S unmeasured. The
 * generator runs in a process of its own: in the bench's own, after Lighthouse (830 MB resident),
 * the hello-world read a p99 of 10-11 ms, against 3 ms from a fresh process on the same host.
 */
function latencyAtRate(label: string, url: string): Promise<LoadRow> {
  return phase(`${LATENCY_RATE} req/s paced on ${label}`, async () => {
    const args = [url, String(WARMUP_S), String(LOAD.durationS), String(LOAD.connections)];
    const child = fork(fileURLToPath(new URL('./paced.ts', import.meta.url)), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const result = await new Promise<PacedResult>((resolve, reject) => {
      child.once('message', (message) => resolve(message as PacedResult));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the paced generator exited with code ${code} before answering`)));
    });
    child.kill();
    return { label, requestsPerSecond: result.requestsPerSecond, p99Ms: Number(result.p99Ms.toFixed(1)), errors: result.errors };
  });
}

/** LATENCY_RUNS runs of `url`: the median p99 and rate, every run's p99, all errors. */
async function medianLatency(label: string, url: string): Promise<LatencyRow> {
  const runs: LoadRow[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) runs.push(await latencyAtRate(label, url));
  return {
    label,
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    p99Runs: runs.map((r) => r.p99Ms),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** The latency table: each target, and the hello-world first, at the same offered rate. */
export async function printLatencyTable(title: string, targets: Target[]): Promise<void> {
  const rows = await helloWorld(async (helloUrl) => {
    const rows = [await medianLatency('bare Fastify hello-world', helloUrl)];
    for (const target of targets) rows.push(await medianLatency(target.label, target.url));
    return rows;
  });
  console.log(
    `\n${title}: ${LATENCY_RATE} req/s paced over at most ${LOAD.connections} connections, ${LOAD.durationS} s after ${WARMUP_S} s unmeasured, median of ${LATENCY_RUNS} runs\n`,
  );
  console.log('url                                                             req/s   p99 ms   p99 of each run  errors');
  for (const r of rows) {
    console.log(
      `${r.label.slice(0, 62).padEnd(62)} ${Math.round(r.requestsPerSecond).toString().padStart(7)} ${String(r.p99Ms).padStart(8)} ${r.p99Runs.join(' / ').padStart(17)} ${String(r.errors).padStart(7)}`,
    );
  }
}

/** A bare Fastify hello-world in its own process (sharing the load generator's would halve it), while `use` runs. */
async function helloWorld<T>(use: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: benchDir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}/`;
  try {
    await phase('starting the bare Fastify hello-world', () =>
      until(
        async () => {
          if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}:\n${stderr}`);
          return fetch(url).then((res) => res.ok, () => false);
        },
        'its first answer',
        30_000,
        100,
      ),
    );
    return await use(url);
  } finally {
    child.kill('SIGTERM');
  }
}

export interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * Rounds of the throughput tables. The host's speed drifts within seconds (one target read 9,000 and
 * 17,600 req/s a minute apart), and a single pair of runs decides a ratio: each row reports the
 * median of its rounds' ratios and shows them all.
 */
export const COMPARED_ROUNDS = 3;
/** A throughput run's length in the tables: three rounds of 5 s after 3 s unmeasured. */
const COMPARED_RUN_S = 5;

/**
 * Each target's throughput as a ratio to the hello-world measured by the same generator. The host's
 * speed drifts within minutes, so the hello-world runs before the first row and after each, and a
 * row is compared with the mean of the two runs around it; COMPARED_ROUNDS rounds, the median shown.
 */
export async function printComparedTable(title: string, generator: LoadGenerator, targets: Target[]): Promise<void> {
  const { rows, baselines } = await helloWorld(async (helloUrl) => {
    const hello = () => generator.run('bare Fastify hello-world', helloUrl, {}, COMPARED_RUN_S);
    const baselines = [await hello()];
    const ratios = targets.map(() => [] as number[]);
    const measured = targets.map(() => [] as LoadRow[]);
    for (let round = 0; round < COMPARED_ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        const run = await generator.run(target.label, target.url, target.headers, COMPARED_RUN_S);
        const before = baselines.at(-1)!;
        const after = await hello();
        baselines.push(after);
        measured[i]!.push(run);
        ratios[i]!.push(run.requestsPerSecond / ((before.requestsPerSecond + after.requestsPerSecond) / 2));
      }
    }
    const rows = targets.map((target, i) => ({
      label: target.label,
      requestsPerSecond: median(measured[i]!.map((run) => run.requestsPerSecond)),
      p99Ms: median(measured[i]!.map((run) => run.p99Ms)),
      errors: measured[i]!.reduce((sum, run) => sum + run.errors, 0),
      ratio: median(ratios[i]!),
      ratios: ratios[i]!,
    }));
    return { rows, baselines };
  });
  const perSecond = baselines.map((b) => Math.round(b.requestsPerSecond));
  const p99s = baselines.map((b) => b.p99Ms);
  console.log(`\n${title}: ${generator.name}, ${LOAD.connections} connections, ${COMPARED_ROUNDS} rounds of ${COMPARED_RUN_S} s runs, each after ${WARMUP_S} s unmeasured`);
  console.log(`ratio = req/s / bare Fastify hello-world (mean of its runs just before and after), the median of the rounds\n`);
  console.log(`bare Fastify hello-world, ${baselines.length} runs: ${Math.min(...perSecond)}–${Math.max(...perSecond)} req/s, p99 ${Math.min(...p99s)}–${Math.max(...p99s)} ms\n`);
  console.log('url                                                             req/s   ratio  ratio of each round   p99 ms  errors');
  for (const r of rows) {
    console.log(
      `${r.label.slice(0, 62).padEnd(62)} ${Math.round(r.requestsPerSecond).toString().padStart(7)} ${r.ratio.toFixed(2).padStart(7)} ${r.ratios.map((x) => x.toFixed(2)).join(' / ').padStart(20)} ${String(r.p99Ms).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
}
