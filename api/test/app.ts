import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/database';
import type { AccessClaims } from '../src/plugins/auth';

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
}

/** An app on an already-open test database, without the web front ends; DATA_DIR is a fresh temp dir. */
export async function buildTestApp(database: Database, { env = {}, extend }: TestAppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(env), database, logger: false, serveWeb: false });
  extend?.(app);
  await app.ready();
  return app;
}

/** `Authorization` header carrying a valid access token for the given claims. */
export function bearer(app: FastifyInstance, claims: AccessClaims): { authorization: string } {
  return { authorization: `Bearer ${app.signAccessToken(claims)}` };
}
