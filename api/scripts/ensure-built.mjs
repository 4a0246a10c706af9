// Builds what `pnpm start` serves and is not built yet, so it works on a fresh clone: the front ends
// that have no build, and the api when dist/ is missing or older than its sources (it takes a second).
// `--api`: the api only (the CLIs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, hasServerContainer, remoteDir } from '@site/shared/remotes';
import { buildApi, isApiBuildCurrent } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The api renders public pages from these server containers (decision 017): the shell's and those
// of the remotes with server-rendered modules.
const rendered = new Set(['shell', ...REMOTE_NAMES.filter(hasServerContainer).map(remoteDir)]);
/** Each front end and the files of its build (one missing: it is built). */
const entries = Object.fromEntries(
  ['shell', ...REMOTE_NAMES.map(remoteDir)].map((pkg) => [
    pkg,
    [pkg === 'shell' ? 'index.html' : 'remoteEntry.js', ...(rendered.has(pkg) ? ['server/remoteEntry.js'] : [])],
  ]),
);
entries['assistant-widget'] = ['assistant.js'];
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
