import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/database';
import type { AccessClaims } from '../src/plugins/auth';
import { secondConnection, type TestDatabase } from './databases';
import type { JobsTarget } from './jobs-helpers';
import { TestMailbox, attachMailbox } from './outbox';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'api-test-')),
    ...overrides,
  });
}

interface TestAppOptions {
  env?: Record<string, string>;
  /** Registers extra routes before the app is ready (for probing cross-cutting behaviour). */
  extend?: (app: FastifyInstance) => void;
  /** Serves the site's pages from a web root made for the app (ssr-helpers), removed when it closes. */
  webRoot?: () => Promise<string>;
  /** Where the app's JSON log lines go (at its LOG_LEVEL); without it, nothing is logged. */
  logStream?: { write(line: string): void };
}

/**
 * An app on an already-open test database, without the web front ends; DATA_DIR is a fresh temp dir.
 * Its mail is kept in memory (`outbox(app)`, `nextMail(app, …)` in ./outbox), unless the test names
 * an SMTP server of its own (SMTP_URL): then it goes there.
 */
export async function buildTestApp(database: Database, { env = {}, extend, webRoot, logStream }: TestAppOptions = {}): Promise<FastifyInstance> {
  const mailbox = env.SMTP_URL ? undefined : new TestMailbox();
  const root = webRoot ? await webRoot() : undefined;
  const app = await buildApp({
    config: testConfig(root ? { ...env, WEB_ROOT: root } : env),
    database,
    logger: Boolean(logStream),
    logStream,
    serveWeb: Boolean(root),
    ...(mailbox ? { mailer: mailbox } : {}),
  });
  if (mailbox) attachMailbox(app, mailbox);
  if (root) app.addHook('onClose', () => rm(root, { recursive: true, force: true }));
  extend?.(app);
  await app.ready();
  await registerTestAdmin(app);
  return app;
}

/**
 * The usual suite: an app on the target's database, built before the suite's tests and closed, with
 * the database, after them. `onReady` receives it (and may finish the suite's set-up), so tests keep
 * reading their own `app`. A jobs target's environment (PostgreSQL's DATABASE_URL for the queue) is
 * the app's too. Options known only once earlier hooks ran (a port) are given as a function.
 */
export function useTestApp(
  target: TestDatabase | JobsTarget,
  onReady: (app: FastifyInstance) => unknown,
  options: TestAppOptions | (() => TestAppOptions) = {},
): void {
  useTestInstances(target, () => [typeof options === 'function' ? options() : options], ([app]) => onReady(app!));
}

interface InstanceOptions extends TestAppOptions {
  /**
   * A pool of its own on the same database, as another process has (PostgreSQL); by default it
   * shares the first instance's. PGlite has one connection: there it is always shared.
   */
  ownConnection?: boolean;
}

/**
 * Several instances of the app on the target's one database, as behind a load balancer: built in
 * order before the suite's tests, closed (latest first) with the database after them.
 */
export function useTestInstances(
  target: TestDatabase | JobsTarget,
  instances: InstanceOptions[] | (() => InstanceOptions[]),
  onReady: (apps: FastifyInstance[]) => unknown,
): void {
  const apps: FastifyInstance[] = [];
  const connections: Database[] = [];
  beforeAll(async () => {
    const opened = await target.open();
    const { database, env } = 'env' in opened ? opened : { database: opened, env: {} };
    const connect = async (): Promise<Database> => {
      if ('another' in target) return target.another();
      if (target.name === 'pglite') return database;
      const connection = await secondConnection(database);
      connections.push(connection);
      return connection;
    };
    for (const { ownConnection, ...options } of typeof instances === 'function' ? instances() : instances) {
      const on = ownConnection ? await connect() : database;
      apps.push(await buildTestApp(on, { ...options, env: { ...env, ...options.env } }));
    }
    // An app is thenable (it awaits its plugins): only a set-up's promise is awaited.
    const setUp = onReady(apps);
    if (setUp instanceof Promise) await setUp;
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    for (const connection of connections) await connection.close();
    await target.dispose();
  });
}

const testAdmins = new WeakMap<FastifyInstance, string>();
const testSessions = new WeakMap<FastifyInstance, string>();

/** Creates a real admin account for this app (admin routes check the role in the database). */
export async function registerTestAdmin(app: FastifyInstance): Promise<string> {
  const name = `test-admin-${randomBytes(4).toString('hex')}`;
  const { user } = await app.users.upsertAdmin({ username: name, email: `${name}@example.com`, password: randomBytes(12).toString('hex') });
  testAdmins.set(app, user.id);
  testSessions.set(app, (await app.refreshTokens.issue(user.id)).familyId);
  return user.id;
}

/** The admin account made by registerTestAdmin (or by buildTestApp). */
export function testAdminId(app: FastifyInstance): string {
  const id = testAdmins.get(app);
  if (!id) throw new Error('No test admin for this app: call registerTestAdmin first');
  return id;
}

/** `Authorization` header carrying a valid access token for the given claims. */
export function bearer(app: FastifyInstance, claims: AccessClaims): { authorization: string } {
  const sid = testSessions.get(app);
  if (!sid) throw new Error('No test session for this app: call registerTestAdmin first');
  // The test admin's open session: access tokens name a session that exists.
  return { authorization: `Bearer ${app.signAccessToken({ sid, ...claims })}` };
}
