// Compiles the api once into dist/ (decision 021): its own TypeScript and the workspace packages it
// imports (@site/shared's sources) are bundled; every other package stays an import that Node
// resolves from api/node_modules at run time. `node scripts/build.mjs`, or `pnpm build` at the root.
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { browserSources, buildBrowserScripts } from './browser-scripts.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiDir, 'dist');
/** What the build read, for `isApiBuildCurrent`. */
const metaFile = path.join(outdir, 'meta.json');
/** One self-contained file each, directly in dist/ as src/paths.ts expects. */
const entryPoints = {
  server: 'src/server.ts',
  'admin-create': 'src/cli/admin-create.ts',
  'media-migrate': 'src/cli/media-migrate.ts',
  'media-derive': 'src/cli/media-derive.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  releases: 'src/cli/releases.ts',
};
/** Plain files the compiled code reads beside itself (src/paths.ts explains the layout). */
const besideBundle = { 'src/db/pglite-init.mjs': 'pglite-init.mjs' };
const WORKSPACE = /^@site\//;

const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Bare imports other than the workspace's stay external: node_modules is not bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      WORKSPACE.test(specifier) ? undefined : { path: specifier, external: true },
    );
  },
};

export async function buildApi() {
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: apiDir,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Bundling may rename clashing top-level names; class and function names stay what the code says.
    keepNames: true,
    // Stack traces map back to the TypeScript with NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  await checkExternalsAreDependencies(result.metafile);
  for (const [from, to] of Object.entries(besideBundle)) {
    await mkdir(path.dirname(path.join(outdir, to)), { recursive: true });
    await copyFile(path.join(apiDir, from), path.join(outdir, to));
  }
  // The browser code it serves (src/lib/browser-scripts.ts reads it from dist/browser/).
  await buildBrowserScripts();
  const inputs = [
    ...Object.keys(result.metafile.inputs),
    ...Object.keys(besideBundle),
    ...(await browserSources()),
    'package.json',
    path.relative(apiDir, fileURLToPath(import.meta.url)),
    'scripts/browser-scripts.mjs',
  ];
  await writeFile(metaFile, `${JSON.stringify({ inputs }, null, 2)}\n`);
}

/** An import left external must be a runtime dependency of the api, or production cannot load it. */
async function checkExternalsAreDependencies(metafile) {
  const { dependencies = {} } = JSON.parse(await readFile(path.join(apiDir, 'package.json'), 'utf8'));
  const builtins = new Set(builtinModules);
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
      if (!(packageName(specifier) in dependencies)) missing.add(packageName(specifier));
    }
  }
  if (missing.size) throw new Error(`The api imports packages missing from its dependencies: ${[...missing].join(', ')}`);
}

/** True when dist/ exists and nothing it was built from changed since. */
export async function isApiBuildCurrent() {
  let built;
  let inputs;
  try {
    built = (await stat(path.join(outdir, 'server.js'))).mtimeMs;
    ({ inputs } = JSON.parse(await readFile(metaFile, 'utf8')));
  } catch {
    return false;
  }
  for (const input of inputs) {
    const changed = await stat(path.join(apiDir, input)).then((s) => s.mtimeMs, () => Infinity);
    if (changed > built) return false;
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
