// Production runs the compiled api (decision 021): no TypeScript loader at run time. That the
// compiled output starts is shown by memory-budget.test.ts and every e2e run, which start it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scriptsOf = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> }).scripts;
const api = scriptsOf(path.join(apiDir, 'package.json'));
const root = scriptsOf(path.join(apiDir, '..', 'package.json'));

describe('the production command', () => {
  it('serves the compiled bundle with plain node, after building what is missing', () => {
    expect(root.start).toBe('pnpm --filter @site/api start');
    expect(api.start).toBe('node scripts/ensure-built.mjs && node dist/server.js');
  });

  it('loads no TypeScript at run time, the command-line tools included', () => {
    for (const name of ['start', 'admin:create', 'media:migrate']) {
      expect(api[name], name).not.toMatch(/\btsx\b|--import|--loader|\.ts\b/);
    }
  });

  it('is built by `pnpm build` with the front ends', () => {
    expect(api.build).toBe('node scripts/build.mjs');
    expect(root.build).toContain('--filter @site/api');
  });
});
