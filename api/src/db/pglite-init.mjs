// Creates a PGlite data dir in its own short-lived process (see database.ts, initializePgliteDataDir):
// initdb's temporary instance and its copies hold hundreds of MB that a long-running process would
// keep, whereas an exiting process returns all of it. Plain JavaScript so it starts without tsx.
//
// Argument: JSON { target, options, cacheDir }. The data dir is built next to `target` and renamed
// into place once complete, so an interrupted start never leaves a half-made database behind.
// A data dir made by initdb is cached as a tarball under `cacheDir` (made here, by PGlite itself) and
// later fresh data dirs are loaded from it, which skips initdb (several times faster).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const { target, options, cacheDir } = JSON.parse(process.argv[2] ?? '{}');
if (!target || !options) throw new Error('usage: pglite-init.mjs {"target": …, "options": …, "cacheDir": …}');

async function templatePath() {
  if (!cacheDir) return undefined;
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8'));
  const key = createHash('sha256').update(JSON.stringify([manifest.version, options.initDbStartParams ?? []])).digest('hex').slice(0, 16);
  return path.join(cacheDir, `pglite-${manifest.version}-${key}.tar`);
}

async function readTemplate(file) {
  try {
    return file ? await readFile(file) : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: a read-only cache directory only costs the next fresh start its initdb. */
async function writeTemplate(file, client) {
  try {
    const tarball = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, tarball);
    await rename(partial, file);
  } catch {
    // no cache this time
  }
}

const staging = `${target}.init-${process.pid}`;
await rm(staging, { recursive: true, force: true });
await mkdir(path.dirname(target), { recursive: true });
const template = await templatePath();
let cached = await readTemplate(template);
let client;
try {
  client = await PGlite.create(staging, cached ? { ...options, loadDataDir: new Blob([cached]) } : options);
} catch (error) {
  if (!cached) throw error;
  // An unreadable template (e.g. from an older layout) is replaced by a fresh initdb.
  await rm(staging, { recursive: true, force: true });
  await rm(template, { force: true });
  cached = undefined;
  client = await PGlite.create(staging, options);
}
await client.query('SELECT 1');
if (template && !cached) await writeTemplate(template, client);
await client.close();
await rename(staging, target);
