import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_CACHE_KEY, renderNginxSite } from '../../../deploy/render-nginx.mjs';
import { createDatabase } from './postgres';
import { freePort, repoRoot, startServer, type RunningServer } from './server';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const CLUSTER_ADMIN = { username: 'cluster-admin', email: 'cluster-admin@example.com', password: 'cluster-admin-password' };
/** How long an instance's readiness answers 503 before its listener closes (the drain). */
export const CLUSTER_DRAIN_MS = 1_500;

/** What every instance of a cluster is started with. */
export function instanceEnv(databaseUrl: string, proxyUrl: string, jwtSecret: string, releasesDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    // Every instance serves the same releases (a shared volume, decision 056).
    RELEASES_DIR: releasesDir,
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: proxyUrl,
    // The proxy is on loopback: it alone may say who the client is.
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: String(CLUSTER_DRAIN_MS),
    ADMIN_USERNAME: CLUSTER_ADMIN.username,
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
  };
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx from the deploy template on a free loopback port, with its own prefix (temp files, the
 * micro-cache, logs, pid), in the foreground as the current user. `pinned`: the test header
 * X-Cluster-Instance: <n> sends a request to instance n only (and keys the micro-cache apart), and
 * X-Served-By names the instance(s) that answered (none for an answer from the micro-cache), and
 * X-Upstream-Status what each of them answered (a 502 where it refused the connection).
 */
export async function startNginx(apis: string[], { pinned = false, port }: { pinned?: boolean; port?: number } = {}): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`No nginx at ${NGINX}: install Debian's package (apt-get install -y nginx).`);
  const listenPort = port ?? (await freePort());
  const prefix = await mkdtemp(path.join(tmpdir(), 'site-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'micro-cache']) await mkdir(path.join(prefix, dir));
  const pinning = pinned
    ? {
        upstream: '$site_upstream',
        // A pinned request's answer is that instance's: it must not be served for the other.
        cacheKey: `${DEFAULT_CACHE_KEY}$http_x_cluster_instance`,
        extraHttp: [
          ...apis.map((api, i) => `upstream site_api_${i} {\n    server ${api};\n    keepalive 8;\n    keepalive_timeout 500ms;\n}`),
          `map $http_x_cluster_instance $site_upstream {\n${apis.map((_api, i) => `    "${i}" site_api_${i};`).join('\n')}\n    default site_api;\n}`,
        ].join('\n'),
        extraServer: 'add_header X-Served-By $upstream_addr always;\nadd_header X-Upstream-Status $upstream_status always;',
      }
    : {};
  const site = renderNginxSite({ apis, webRoot: repoRoot, listen: `127.0.0.1:${listenPort}`, cacheDir: path.join(prefix, 'micro-cache'), accessLog: path.join(prefix, 'access.log'), ...pinning });
  await writeFile(path.join(prefix, 'site.conf'), site);
  const isRoot = process.getuid?.() === 0;
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    [
      // As root, workers would otherwise switch to an unprivileged user that cannot read this prefix.
      ...(isRoot ? ['user root;'] : []),
      'daemon off;',
      'worker_processes auto;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '    include /etc/nginx/mime.types;',
      '    default_type application/octet-stream;',
      '    access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${prefix}/${kind === 'client_body' ? 'body' : kind};`),
      `    include ${prefix}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer in 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // QUIT: finish what is in flight, then exit.
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

export interface Cluster {
  proxy: RunningNginx;
  /** What the instances were started with (to start another like them). */
  env: Record<string, string>;
  instances: RunningServer[];
  stop(): Promise<void>;
}

/** `count` api instances on one fresh PostgreSQL database, behind nginx. */
export async function startCluster(count: number, { pinned = false, prefix = 'cluster' }: { pinned?: boolean; prefix?: string } = {}): Promise<Cluster> {
  const database = await createDatabase(prefix);
  const proxyPort = await freePort();
  const releasesDir = await mkdtemp(path.join(tmpdir(), `${prefix}-releases-`));
  const env = instanceEnv(database.url, `http://127.0.0.1:${proxyPort}`, randomBytes(32).toString('base64url'), releasesDir);
  const instances: RunningServer[] = [];
  let proxy: RunningNginx | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
    await rm(releasesDir, { recursive: true, force: true });
  };
  try {
    // All at once, as an orchestrator would: migrations and start-up writes take advisory locks.
    const started = await Promise.allSettled(Array.from({ length: count }, () => startServer(env)));
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    proxy = await startNginx(
      instances.map((instance) => new URL(instance.url).host),
      { pinned, port: proxyPort },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { proxy, env, instances, stop };
}

