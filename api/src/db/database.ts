import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { API_DIR } from '../paths';
import { schema, type Schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction, as `db.transaction(work)` hands it to `work`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A connection on which a sequence of statements runs in order (migrations, advisory locks). */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Everything runs inside one transaction the opener commits (a restore): no statement may end it. */
  inTransaction?: boolean;
  /** Runs `work` on one dedicated connection. */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only (PGlite is one process): `onMessage` receives each NOTIFY payload on `channel`,
   * on a dedicated connection; `onReconnect` runs after that connection was lost and restored
   * (notifications may have been missed). Resolves to a function that stops listening.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
}

/**
 * Sized for a small server. Postgres touches all of shared_buffers at start (128 MB by default, kept
 * resident in WASM memory that never shrinks); 16 MB holds this site's tables, so reads stay as fast.
 * initdb (a fresh data dir) runs in a second instance that takes the same setting.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_OPTIONS = {
  postgresqlconf: `shared_buffers = ${PGLITE_SHARED_BUFFERS}`,
  initDbStartParams: ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

/**
 * PGlite.create leaves large buffers to the garbage collector (copies of the data dir; for an
 * in-memory database made by initdb, that instance's WASM memory too: hundreds of MB), which a small
 * JS heap gives no reason to run: collections right after start return them.
 */
function releaseStartupMemory(): void {
  let gc: () => void;
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  } catch {
    // Without a collector handle the memory is still returned at the next natural collection.
    return;
  }
  gc();
  // The temporary instance lets go of its buffers only after its close has finished.
  for (const delay of STARTUP_GC_DELAYS_MS) setTimeout(gc, delay).unref();
}
const STARTUP_GC_DELAYS_MS = [1_000, 5_000, 20_000];

/** Plain JavaScript beside this module, copied beside the bundle by the build. */
const PGLITE_INIT_SCRIPT = fileURLToPath(new URL('./pglite-init.mjs', import.meta.url));
/** Where the initialized empty data dir is cached as a tarball (made here by PGlite, never downloaded). */
export const PGLITE_TEMPLATE_CACHE_DIR = path.join(API_DIR, 'node_modules', '.cache', 'pglite-template');
const PGLITE_INIT_TIMEOUT_MS = 180_000;

/** The template's file: a new PGlite (or other initdb settings) makes a new one. */
function pgliteTemplateFile(cacheDir: string): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  const key = createHash('sha256').update(JSON.stringify([version, PGLITE_OPTIONS.initDbStartParams])).digest('hex').slice(0, 16);
  return path.join(cacheDir, `pglite-${version}-${key}.tar`);
}

/**
 * Creates the data dir `pgdata` in a child process that exits: initdb's temporary instance would
 * otherwise leave this process several hundred MB larger for good (WASM memory is never returned),
 * so a fresh start sits where a restart does. The first initdb leaves a template in `cacheDir`
 * (best effort) from which later fresh data dirs are loaded, several times faster.
 */
export async function initializePgliteDataDir(pgdata: string, cacheDir: string = PGLITE_TEMPLATE_CACHE_DIR): Promise<void> {
  const argument = JSON.stringify({ target: pgdata, options: PGLITE_OPTIONS, template: pgliteTemplateFile(cacheDir) });
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [PGLITE_INIT_SCRIPT, argument],
      { timeout: PGLITE_INIT_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, env: process.env },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        reject(new Error(`Could not initialize the PGlite data dir ${pgdata}: ${error.message}${stderr ? `\n${stderr}` : ''}`, { cause: error }));
      },
    );
  });
}

/**
 * The template for an in-memory database (the tests' default), made first if missing; undefined
 * when it cannot be made or kept (then PGlite runs initdb itself).
 */
async function pgliteTemplate(cacheDir = PGLITE_TEMPLATE_CACHE_DIR): Promise<Blob | undefined> {
  const file = pgliteTemplateFile(cacheDir);
  try {
    if (!existsSync(file)) {
      const scratch = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
      try {
        await initializePgliteDataDir(path.join(scratch, 'pgdata'), cacheDir);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    }
    return new Blob([await readFile(file)]);
  } catch {
    return undefined;
  }
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; connectTimeoutMs?: number; statementTimeoutMs?: number }
  | { kind: 'pglite'; dataDir?: string };

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

const RECONNECT_MS = 1000;

async function listenForNotifications(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    // A lost connection is replaced; what was notified meanwhile is unknown, hence onReconnect.
    const lost = () => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      reconnectSoon();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      throw error;
    }
  };
  const reconnectSoon = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      open()
        .then(() => onReconnect?.())
        .catch(() => reconnectSoon());
    }, RECONNECT_MS);
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const statementTimeout = target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // The server cancels a long statement; the client gives up too when the server itself stops answering.
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + 1_000,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async withSession(work) {
        const client = await pool.connect();
        try {
          return await work({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <T>(sql: string, params?: unknown[]) =>
              (await client.query(sql, params as unknown[])).rows as T[],
          });
        } finally {
          client.release();
        }
      },
      async ping() {
        await pool.query('SELECT 1');
      },
      close: () => pool.end(),
      listen: (channel, onMessage, onReconnect) => listenForNotifications(target.url, channel, onMessage, onReconnect),
    };
  }

  let client: PGlite;
  if (target.dataDir) {
    await mkdir(target.dataDir, { recursive: true });
    const pgdata = path.join(target.dataDir, 'pgdata');
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) await initializePgliteDataDir(pgdata);
    client = await PGlite.create(pgdata, PGLITE_OPTIONS);
  } else {
    const template = await pgliteTemplate();
    // A template that does not load (damaged, foreign) only costs this start its speed.
    client = await (template ? PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: template }).catch(() => PGlite.create(PGLITE_OPTIONS)) : PGlite.create(PGLITE_OPTIONS));
  }
  releaseStartupMemory();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const session: SqlSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  };
  // PGlite is one connection: sessions take turns on it (an advisory lock would be re-entrant there).
  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    db,
    withSession: <T>(work: (s: SqlSession) => Promise<T>): Promise<T> => {
      const run = queue.then(() => work(session));
      queue = run.catch(() => undefined);
      return run;
    },
    async ping() {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}
