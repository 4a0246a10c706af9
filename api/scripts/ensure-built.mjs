// Builds the front ends that have no build yet, so `pnpm start` works on a fresh clone.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packages = ['shell', 'mfe-marketing', 'mfe-community', 'mfe-commerce', 'mfe-admin'];
const entryOf = (pkg) => path.join(root, pkg, 'dist', pkg === 'shell' ? 'index.html' : 'remoteEntry.js');
// The api renders public pages from these server containers (decision 017); admin has none.
const serverEntryOf = (pkg) => (pkg === 'mfe-admin' ? null : path.join(root, pkg, 'dist', 'server', 'remoteEntry.js'));
const missing = packages.filter((pkg) => !existsSync(entryOf(pkg)) || (serverEntryOf(pkg) && !existsSync(serverEntryOf(pkg))));

if (missing.length) {
  console.log(`Building ${missing.join(', ')}…`);
  const filters = missing.flatMap((pkg) => ['--filter', `./${pkg}`]);
  const result = spawnSync('pnpm', [...filters, '--parallel', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
