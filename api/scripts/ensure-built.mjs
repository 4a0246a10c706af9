// Builds what `pnpm start` serves and is not built yet, so it works on a fresh clone: the front ends
// that have no build, and the api when dist/ is missing or older than its sources (it takes a second).
// `--api`: the api only (the CLIs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApi, isApiBuildCurrent } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packages = ['shell', 'mfe-marketing', 'mfe-community', 'mfe-commerce', 'mfe-admin'];
const entryOf = (pkg) => path.join(root, pkg, 'dist', pkg === 'shell' ? 'index.html' : 'remoteEntry.js');
// The api renders public pages from these server containers (decision 017); admin has none.
const serverEntryOf = (pkg) => (pkg === 'mfe-admin' ? null : path.join(root, pkg, 'dist', 'server', 'remoteEntry.js'));
const missing = process.argv.includes('--api')
  ? []
  : packages.filter((pkg) => !existsSync(entryOf(pkg)) || (serverEntryOf(pkg) && !existsSync(serverEntryOf(pkg))));

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
