import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { until } from './until';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const apiDir = path.join(repoRoot, 'api');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Builds what `pnpm start` would build first: front ends without a build, an api older than its sources. */
export function ensureBuilt(): void {
  execFileSync(process.execPath, [path.join(apiDir, 'scripts/ensure-built.mjs')], { cwd: repoRoot, stdio: 'inherit' });
}

/**
 * The environment `pnpm start` runs `node dist/server.js` with (api/start.env, which its start script
 * sources; decision 016), so that a measurement runs the api as production does.
 */
export function startCommandEnv(): Record<string, string> {
  return parseEnv(readFileSync(path.join(apiDir, 'start.env'), 'utf8')) as Record<string, string>;
}

/** Of a log file, what is kept for `output()`: a load writes hundreds of MB at LOG_LEVEL=info. */
const LOG_TAIL_BYTES = 1024 * 1024;

function fileTail(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    const length = Math.min(size, LOG_TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** What the api has printed so far (stdout and stderr; of stdout kept in a file, its last MiB). */
  output(): string;
  /** Its exit code (null for a signal), once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, as an orchestrator stops it (SIGKILL if it is not gone in time); removes a fresh DATA_DIR. */
  stop(): Promise<void>;
  /** SIGKILL, a crash: nothing is finished; the DATA_DIR stays for a restart. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** An existing DATA_DIR (a restart); by default a fresh one. */
  dataDir?: string;
  /** Leave the DATA_DIR in place on stop (for a restart on it); the caller removes it. */
  keepDataDir?: boolean;
  /** A fixed port (a cluster's upstreams, a restart at the same address); by default a free one. */
  port?: number;
  /**
   * Run as `pnpm start` runs it (a measurement): its environment and log level, and what it writes to
   * stdout kept in a file as a process manager keeps it, not read by this process (under load a line
   * per request would cost the load generator in this process its time). Tests run plain `node` at
   * LOG_LEVEL=warn, stdout read here.
   */
  asStarted?: boolean;
  /** How long the api may take to be ready; 180 s by default (a first start makes its database). */
  readyTimeoutMs?: number;
  /** How long `stop` waits for the api to finish before it kills it; 15 s by default. */
  stopTimeoutMs?: number;
  /** Resolve once the api is `live` rather than `ready` (an instance expected to answer not-ready). */
  waitFor?: 'ready' | 'live';
  /** Also write what the api writes to stderr to this process's stderr, as it comes. */
  showErrors?: boolean;
}

/**
 * Starts the production server (the compiled api and the built front ends, as `pnpm start` serves
 * them) and resolves once it answers ready. By default on a free port with a fresh DATA_DIR, the
 * embedded database unless `env` names one; an `env` value of undefined removes that variable.
 * Callers build first (ensureBuilt).
 */
export async function startServer(env: Record<string, string | undefined> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'site-api-')));
  const url = `http://127.0.0.1:${port}`;
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(options.asStarted ? {} : { LOG_LEVEL: 'warn' }),
    // As in production: links in e-mails are built from it, never from the request.
    PUBLIC_URL: url,
    ...(options.asStarted ? startCommandEnv() : {}),
    ...env,
  };
  const logFile = options.asStarted ? path.join(tmpdir(), `site-api-${port}-${process.pid}.log`) : undefined;
  const logFd = logFile === undefined ? undefined : openSync(logFile, 'w');
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: apiDir,
    env: Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  /** The end of the api's log file, once the file is removed on stop. */
  let logged: string | undefined;
  const written = () => (logFile === undefined ? output : `${logged ?? fileTail(logFile)}${output}`);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    if (options.showErrors) process.stderr.write(chunk);
  });
  const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;
  try {
    await until(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the api exited (${child.exitCode ?? child.signalCode}) before it was ready`);
        return fetch(`${url}/api/health/${options.waitFor ?? 'ready'}`).then((res) => res.ok, () => false);
      },
      `the api to be ready (${readyTimeoutMs / 1000} s)`,
      readyTimeoutMs,
      100,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${written()}`, { cause: error });
  }
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    dataDir,
    process: child,
    output: written,
    exited,
    async stop() {
      if (!gone()) {
        child.kill('SIGTERM');
        await Promise.race([exited, delay(options.stopTimeoutMs ?? 15_000)]);
        if (!gone()) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      if (!options.keepDataDir && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
      if (logFile !== undefined && logged === undefined) {
        logged = fileTail(logFile);
        await rm(logFile, { force: true });
      }
    },
    async kill() {
      if (!gone()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
