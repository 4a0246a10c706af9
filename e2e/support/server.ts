import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
  execFileSync(process.execPath, [path.join(repoRoot, 'api/scripts/ensure-built.mjs')], { cwd: repoRoot, stdio: 'inherit' });
}

/**
 * The environment `pnpm start` sets before `node dist/server.js` (api/package.json's start script,
 * decision 055), so that a measurement runs the api as production does.
 */
export function startCommandEnv(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'api/package.json'), 'utf8')) as { scripts: { start: string } };
  const assignments = /((?:\w+=\S+\s+)*)node dist\/server\.js/.exec(manifest.scripts.start)?.[1] ?? '';
  return Object.fromEntries([...assignments.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1]!, match[2]!]));
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** An existing DATA_DIR (a restart); by default a fresh one. */
  dataDir?: string;
  /** Leave the DATA_DIR in place on stop (for a restart on it); the caller removes it. */
  keepDataDir?: boolean;
  /** A fixed port (the cluster's upstreams); by default a free one. */
  port?: number;
  /** Run with the environment `pnpm start` sets (a measurement); tests run plain `node`. */
  asStarted?: boolean;
}

/**
 * Starts the production server (the compiled api and the built front ends, as `pnpm start` serves
 * them) on a free port with a fresh DATA_DIR. The global setups build them first (ensureBuilt).
 */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'site-e2e-')));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: path.join(repoRoot, 'api'),
    // PUBLIC_URL as in production: links in e-mails are built from it, never from the request.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      ...(options.asStarted ? startCommandEnv() : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become ready in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepDataDir && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
