// Builds the front ends that have no build yet, so `pnpm start` works on a fresh clone.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, hasServerContainer, remoteDir } from '@site/shared/remotes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packages = ['shell', ...REMOTE_NAMES.map(remoteDir)];
const entryOf = (pkg) => path.join(root, pkg, 'dist', pkg === 'shell' ? 'index.html' : 'remoteEntry.js');
// The api renders public pages from these server containers (decision 017): the shell's and those
// of the remotes with server-rendered modules.
const rendered = new Set(['shell', ...REMOTE_NAMES.filter(hasServerContainer).map(remoteDir)]);
const serverEntryOf = (pkg) => (rendered.has(pkg) ? path.join(root, pkg, 'dist', 'server', 'remoteEntry.js') : null);
const missing = packages.filter((pkg) => !existsSync(entryOf(pkg)) || (serverEntryOf(pkg) && !existsSync(serverEntryOf(pkg))));

if (missing.length) {
  console.log(`Building ${missing.join(', ')}…`);
  const filters = missing.flatMap((pkg) => ['--filter', `./${pkg}`]);
  const result = spawnSync('pnpm', [...filters, '--parallel', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
