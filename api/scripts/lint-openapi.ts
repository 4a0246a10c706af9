/**
 * Lints the api's OpenAPI document with Redocly's recommended rules (part of `pnpm lint`): builds
 * the app as it runs (embedded database in a temp dir, no web front ends), writes the document it
 * serves at /api/docs/json to a temp file and runs `redocly lint` on it. Exits with its code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { buildBrowserScripts } from './browser-scripts.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  // The app runs from its sources here, and serves browser code the build compiles: compiled first (a fresh clone has none).
  await buildBrowserScripts();
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data') });
    const app = await buildApp({ config, logger: false, serveWeb: false });
    let document: string;
    try {
      await app.ready();
      document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).body;
    } finally {
      await app.close();
    }
    const file = path.join(dir, 'openapi.json');
    // Indented, so the lint's line numbers point somewhere readable.
    await writeFile(file, JSON.stringify(JSON.parse(document), null, 2));
    const lint = spawnSync(path.join(apiDir, 'node_modules/.bin/redocly'), ['lint', file, '--extends', 'recommended', '--format', 'stylish'], {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return lint.status ?? 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
