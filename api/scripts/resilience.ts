/**
 * Shutdown under load: starts the api, runs 30 keep-alive clients, sends SIGTERM mid-load and
 * counts requests that were sent but never answered. Run once without and once with
 * SHUTDOWN_DRAIN_MS; fails unless both lose nothing, and unless the log the api leaves holds a line
 * for every answered request and its shutdown (at LOG_LEVEL=info, as `pnpm start` runs it: lines
 * are written in batches, decision 025, and what is buffered must be written before it exits).
 * `pnpm test:resilience`.
 */
import { Agent, request } from 'node:http';
import { startServer } from '@site/test-support/server';

const CLIENTS = 30;
/** SIGTERM comes once every client has had this many answers: the load is running on every connection. */
const ANSWERS_BEFORE_SIGTERM = 20;

interface Tally {
  sent: number;
  answered: number;
  lost: number;
  refused: number;
  statuses: Record<number, number>;
  /** Lines in the api's log for answered requests (each with its request id and status). */
  logged: number;
  /** Whether the log ends with the api's `shutting down` line. */
  loggedShutdown: boolean;
}

/** What the clients ask for, in turn. */
const URLS = ['/api/blogs', '/api/health/live', '/api/events', '/api/packages'];

/** The log's lines for the clients' requests (not the readiness probes that waited for the start). */
function readLog(output: string): Pick<Tally, 'logged' | 'loggedShutdown'> {
  const entries = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; reqId?: unknown; req?: { url?: string }; res?: { statusCode?: unknown } });
  const ofClients = (e: (typeof entries)[number]) => (e.msg === 'request completed' || e.msg === 'request errored') && URLS.includes(e.req?.url ?? '');
  return {
    logged: entries.filter((e) => ofClients(e) && typeof e.reqId === 'string' && typeof e.res?.statusCode === 'number').length,
    loggedShutdown: entries.some((e) => e.msg === 'shutting down'),
  };
}

/** One GET on the client's keep-alive agent; resolves to what became of it. */
function once(port: number, agent: Agent, url: string): Promise<'refused' | 'lost' | number> {
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
  // The compiled api, as in production (`pnpm test:resilience` builds it first).
  const api = await startServer({ SHUTDOWN_DRAIN_MS: String(drainMs), PUBLIC_URL: 'http://localhost', LOG_LEVEL: 'info' }, { showErrors: true, readyTimeoutMs: 150_000 });
  const port = Number(new URL(api.url).port);
  try {
    const tally: Tally = { sent: 0, answered: 0, lost: 0, refused: 0, statuses: {}, logged: 0, loggedShutdown: false };
    let stopped = false;
    let markLoaded: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
    let clientsLoaded = 0;
    const client = async (i: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      let answered = 0;
      for (let n = i; !stopped; n++) {
        const outcome = await once(port, agent, URLS[n % URLS.length]!);
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
    api.process.kill('SIGTERM');
    const code = await api.exited;
    stopped = true;
    await Promise.all(clients);
    if (code !== 0) throw new Error(`the api exited with ${code}`);
    return { ...tally, ...readLog(api.output()) };
  } finally {
    await api.stop();
  }
}

let failed = false;
for (const drainMs of (process.env.RESILIENCE_DRAINS ?? "0,2000").split(",").map(Number)) {
  const started = Date.now();
  const tally = await run(drainMs);
  const errors = Object.entries(tally.statuses).filter(([status]) => Number(status) >= 500);
  console.log(
    `SHUTDOWN_DRAIN_MS=${drainMs}: ${CLIENTS} keep-alive clients, ${tally.sent} requests sent, ${tally.answered} answered, ` +
      `${tally.lost} lost, ${errors.reduce((sum, [, n]) => sum + n, 0)} answered 5xx; ${tally.logged} logged, shutdown ${tally.loggedShutdown ? '' : 'not '}logged ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (tally.lost > 0 || errors.length > 0 || tally.sent === 0 || tally.logged !== tally.answered || !tally.loggedShutdown) failed = true;
}
process.exit(failed ? 1 : 0);
