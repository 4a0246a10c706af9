import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';

const apiDir = path.resolve(import.meta.dirname, '..');
let dir: string;
beforeAll(async () => {
  // Plain Node, as the api runs in production: vitest's and tsx's module hooks hide the race.
  dir = await mkdtemp(path.join(apiDir, 'node_modules', '.host-libraries-'));
  await build({
    entryPoints: [path.join(apiDir, 'src/modules/ssr/federation.ts')],
    outfile: path.join(dir, 'federation.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const run = async (script: string) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.mjs`);
  await writeFile(file, script);
  const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: apiDir, env: { ...process.env, NODE_OPTIONS: '' } });
  return stdout.trim();
};

it("loads the containers' shared libraries while React is being imported for a render (Node's require(esm) race)", async () => {
  const outcome = await run(`
    import { loadHostLibraries } from './federation.mjs';
    const rendering = Promise.all([import('react'), import('react-dom/static.edge'), import('styled-components')]);
    await null;
    try {
      const libraries = await loadHostLibraries();
      await rendering;
      console.log(typeof libraries.get('react-router').StaticRouter, typeof libraries.get('react-router-dom').StaticRouter, typeof libraries.get('react').createElement);
    } catch (error) {
      console.log('failed: ' + error.message);
    }
  `);
  expect(outcome).toBe('function function function');
});
