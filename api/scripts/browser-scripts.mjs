// Compiles the browser code the api serves (api/browser/*.ts, typed and linted like the rest) into
// one script each, and writes them with their CSP hashes to dist/browser/scripts.json, which
// src/lib/browser-scripts.ts reads. Run by the api's build, before the api tests and `pnpm dev`.
import { createHash } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(apiDir, 'browser');
export const BROWSER_SCRIPTS_FILE = path.join(apiDir, 'dist', 'browser', 'scripts.json');

/** The browser sources, relative to the api package (for the build's list of inputs). */
export const browserSources = async () =>
  (await readdir(sourceDir)).filter((name) => name.endsWith('.ts')).map((name) => path.join('browser', name));

export async function buildBrowserScripts() {
  const scripts = {};
  for (const source of await browserSources()) {
    const { outputFiles } = await build({
      absWorkingDir: apiDir,
      entryPoints: [source],
      bundle: true,
      write: false,
      format: 'iife',
      // The browsers the front ends are built for (tooling/build/rspack.mjs).
      target: ['chrome111', 'edge111', 'firefox111', 'safari16.4'],
      // Two of them are inline in every rendered page: their bytes count.
      minify: true,
      legalComments: 'none',
      logLevel: 'warning',
    });
    const code = outputFiles[0].text.trimEnd();
    scripts[path.basename(source, '.ts')] = { code, csp: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
  }
  await mkdir(path.dirname(BROWSER_SCRIPTS_FILE), { recursive: true });
  await writeFile(BROWSER_SCRIPTS_FILE, `${JSON.stringify(scripts, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildBrowserScripts();
