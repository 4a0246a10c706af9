/**
 * Shutdown under load: starts the api, runs 30 keep-alive clients, sends SIGTERM mid-load and
 * counts requests that were sent but never answered. Run once without and once with
 * SHUTDOWN_DRAIN_MS; fails unless both lose nothing. `pnpm test:resilience`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENTS = 30;
/** SIGTERM comes once every client has had this many answers: the load is running on every connection. */
const ANSWERS_BEFORE_SIGTERM = 20;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Tally {
  sent: number;
  answered: number;
  lost: number;
  refused: number;
  statuses: Record<number, number>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitReady(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the api exited before it was ready');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One GET on the client's keep-alive agent; resolves to what became of it. */
function once(port: number, agent: Agent, url: string): Promise<'answered' | 'refused' | 'lost' | number> {
  return new Promise((resolve) => {
    let written = false;
    const req = request({ host: '127.0.0.1', port, path: url, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', () => resolve('lost'));
    });
    req.on('finish', () => (written = true));
    // Refused: never reached a server. Anything else after the request was written is a loss.
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' || !written ? 'refused' : 'lost'));
    req.end();
  });
}

async function run(drainMs: number): Promise<Tally> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'resilience-'));
  // The compiled api, as in production (`pnpm test:resilience` builds it first).
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: apiDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: String(drainMs), PUBLIC_URL: 'http://localhost' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await waitReady(port, child);
    const tally: Tally = { sent: 0, answered: 0, lost: 0, refused: 0, statuses: {} };
    let stopped = false;
    let markLoaded: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
    let clientsLoaded = 0;
    const urls = ['/api/blogs', '/api/health/live', '/api/events', '/api/packages'];
    const client = async (i: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      let answered = 0;
      for (let n = i; !stopped; n++) {
        const outcome = await once(port, agent, urls[n % urls.length]!);
        if (outcome === 'refused') {
          tally.refused++;
          break; // the listener is closed: this client is done
        }
        tally.sent++;
        if (outcome === 'lost') tally.lost++;
        else {
          tally.answered++;
          tally.statuses[outcome] = (tally.statuses[outcome] ?? 0) + 1;
          if (++answered === ANSWERS_BEFORE_SIGTERM && ++clientsLoaded === CLIENTS) markLoaded();
        }
      }
      agent.destroy();
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
    await loaded;
    child.kill('SIGTERM');
    const code = await exited;
    stopped = true;
    await Promise.all(clients);
    if (code !== 0) throw new Error(`the api exited with ${code}`);
    return tally;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let failed = false;
for (const drainMs of (process.env.RESILIENCE_DRAINS ?? "0,2000").split(",").map(Number)) {
  const started = Date.now();
  const tally = await run(drainMs);
  const errors = Object.entries(tally.statuses).filter(([status]) => Number(status) >= 500);
  console.log(
    `SHUTDOWN_DRAIN_MS=${drainMs}: ${CLIENTS} keep-alive clients, ${tally.sent} requests sent, ${tally.answered} answered, ` +
      `${tally.lost} lost, ${errors.reduce((sum, [, n]) => sum + n, 0)} answered 5xx (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (tally.lost > 0 || errors.length > 0 || tally.sent === 0) failed = true;
}
process.exit(failed ? 1 : 0);
