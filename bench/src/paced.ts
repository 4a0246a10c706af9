// The paced load generator of the latency table (load.ts), run in a process of its own:
//   paced.ts <url> <warm-up s> <measured s> <connections>   (answers its PacedResult over IPC)
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * The offered rate of the latency table. Under a closed loop at saturation (the throughput rows) a
 * request's latency is the queue in front of it: by Little's law the mean is connections ÷ req/s, so
 * a p99 there restates throughput. A p99 a visitor feels is measured at a rate below saturation.
 */
export const LATENCY_RATE = 1000;

export interface PacedResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

/** A request not answered within this counts as an error (and its connection is dropped). */
const PACED_TIMEOUT_MS = 10_000;

/**
 * `LATENCY_RATE × seconds` GETs of `url`, request i due at start + i ÷ LATENCY_RATE and sent then,
 * whatever the answers before it (an open loop over a bounded set of keep-alive connections);
 * each latency counts from when its request was due, so a pause of the server delays every request
 * due meanwhile. autocannon's rate option is not this: each connection sends its share of a second
 * back to back, then waits for the next second (lib/httpClient.js), so its p99 is that of a burst at
 * saturation, and its correction for coordinated omission assumes a request every millisecond.
 */
export function pacedRun(url: string, seconds: number, agent: http.Agent): Promise<{ latencies: number[]; errors: number; elapsedMs: number }> {
  const total = LATENCY_RATE * seconds;
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let settled = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const settle = (dueAt: number, ok: boolean) => {
      if (ok) latencies.push(performance.now() - dueAt);
      else errors++;
      if (++settled === total) resolve({ latencies, errors, elapsedMs: performance.now() - start });
    };
    const send = (dueAt: number) => {
      const request = http.get(url, { agent, timeout: PACED_TIMEOUT_MS }, (response) => {
        response.resume();
        response.on('end', () => settle(dueAt, response.statusCode === 200));
        response.on('error', () => settle(dueAt, false));
      });
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => settle(dueAt, false));
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * LATENCY_RATE) / 1000) + 1);
      for (; sent < due; sent++) send(start + (sent * 1000) / LATENCY_RATE);
      // A timer, not setImmediate: the generator must not spin a core the server needs.
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
}

/** A warm-up run, unmeasured, then the measured one, on the same keep-alive connections. */
async function warmedRun(url: string, warmupS: number, seconds: number, connections: number): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    await pacedRun(url, warmupS, agent);
    const { latencies, errors, elapsedMs } = await pacedRun(url, seconds, agent);
    const sorted = latencies.sort((a, b) => a - b);
    const p99Ms = sorted.length ? sorted[Math.ceil(sorted.length * 0.99) - 1]! : Number.NaN;
    return { requestsPerSecond: ((latencies.length + errors) * 1000) / elapsedMs, p99Ms, errors };
  } finally {
    agent.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const [url, warmupS, seconds, connections] = process.argv.slice(2);
  if (!url || !process.send) throw new Error('run by load.ts: paced.ts <url> <warm-up s> <measured s> <connections>');
  const result = await warmedRun(url, Number(warmupS), Number(seconds), Number(connections));
  process.send(result, () => process.exit(0));
}
