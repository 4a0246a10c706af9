// Production runs the compiled api (decision 021): no TypeScript loader at run time. That the
// compiled output starts is shown by scripts/memory-budget.ts (pnpm test:resources) and every e2e run, which start it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCommandEnv } from '@site/test-support/server';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scriptsOf = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> }).scripts;
const api = scriptsOf(path.join(apiDir, 'package.json'));
const root = scriptsOf(path.join(apiDir, '..', 'package.json'));

describe('the production command', () => {
  it('serves the compiled bundle with plain node, after building what is missing', () => {
    expect(root.start).toBe('pnpm --filter @site/api start');
    expect(api.start).toBe('node scripts/ensure-built.mjs && set -a && . ./start.env && set +a && node dist/server.js');
  });

  it('runs with the environment declared in start.env, as the measurements start it', () => {
    expect(startCommandEnv()).toEqual({ MALLOC_ARENA_MAX: '1', NODE_OPTIONS: '--max-semi-space-size=4' });
    // What the shell gets from sourcing the file is what a measurement passes to the process.
    const sourced = execFileSync('sh', ['-c', 'set -a && . ./start.env && set +a && node -p "JSON.stringify([process.env.MALLOC_ARENA_MAX, process.env.NODE_OPTIONS])"'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    expect(JSON.parse(sourced)).toEqual(['1', '--max-semi-space-size=4']);
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

  it('loads React and styled-components only after it has chosen their production builds', () => {
    // React's packages pick their build from NODE_ENV when first loaded; server.ts sets it first
    // thing in main(), so nothing may load them while the bundle's imports are evaluated.
    execFileSync(process.execPath, ['scripts/ensure-built.mjs', '--api'], { cwd: apiDir, stdio: 'inherit' });
    const bundle = readFileSync(path.join(apiDir, 'dist', 'server.js'), 'utf8');
    const staticImports = [...bundle.matchAll(/^import\s[^;]*?from\s*"([^"]+)";?$/gm)].map((match) => match[1]);
    expect(staticImports).toContain('fastify');
    expect(staticImports.filter((name) => /^(react|react-dom|styled-components)(\/|$)/.test(name!))).toEqual([]);
    expect(readFileSync(path.join(apiDir, 'src', 'server.ts'), 'utf8')).toMatch(/process\.env\.NODE_ENV \?\?= 'production'/);
  });
});
