// Builds the assistant into one minified script, dist/assistant.js, with the site's knowledge
// compiled in. Its URL is stable (the api names it in /api/assistant/config), so the api serves it
// with a short max-age and an ETag rather than a content hash. `--watch` rebuilds on change (pnpm dev).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { context } from 'esbuild';

const dir = path.dirname(fileURLToPath(import.meta.url));
const ctx = await context({
  absWorkingDir: dir,
  entryPoints: { assistant: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'iife',
  minify: true,
  sourcemap: 'linked',
  // The front ends' browser targets (tooling/build/rspack.mjs).
  target: ['chrome111', 'edge111', 'firefox111', 'safari16.4'],
  legalComments: 'none',
  logLevel: 'warning',
});
if (process.argv.includes('--watch')) {
  await ctx.watch();
} else {
  await ctx.rebuild();
  await ctx.dispose();
}
