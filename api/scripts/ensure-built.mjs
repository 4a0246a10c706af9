// Builds what `pnpm start` serves and is not built yet, so it works on a fresh clone: the front ends
// that have no build, and the api when dist/ is missing or older than its sources (it takes a second).
// `--api`: the api only (the CLIs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApi, isApiBuildCurrent } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Each front end and the files of its build (one missing: it is built). */
const entries = {
  shell: ['index.html', 'server/remoteEntry.js'],
  'mfe-marketing': ['remoteEntry.js', 'server/remoteEntry.js'],
  'mfe-community': ['remoteEntry.js', 'server/remoteEntry.js'],
  'mfe-commerce': ['remoteEntry.js', 'server/remoteEntry.js'],
  // The api renders public pages from the server containers (decision 017); admin has none.
  'mfe-admin': ['remoteEntry.js'],
  'assistant-widget': ['assistant.js'],
};
const missing = process.argv.includes('--api')
  ? []
  : Object.keys(entries).filter((pkg) => entries[pkg].some((file) => !existsSync(path.join(root, pkg, 'dist', file))));

if (missing.length) {
  console.log(`Building ${missing.join(', ')}…`);
  const filters = missing.flatMap((pkg) => ['--filter', `./${pkg}`]);
  const result = spawnSync('pnpm', [...filters, '--parallel', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!(await isApiBuildCurrent())) {
  console.log('Building the api…');
  await buildApi();
}
