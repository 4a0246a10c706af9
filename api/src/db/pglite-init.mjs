// Creates a PGlite data dir in its own short-lived process (see database.ts, initializePgliteDataDir):
// initdb's temporary instance and its copies hold hundreds of MB that a long-running process would
// keep, whereas an exiting process returns all of it. Plain JavaScript so it starts without tsx.
//
// Argument: JSON { target, options, template }. The data dir is built next to `target` and renamed
// into place once complete, so an interrupted start never leaves a half-made database behind.
// A data dir made by initdb is saved as the tarball `template` (made here, by PGlite itself) and
// later fresh data dirs are loaded from it, which skips initdb (several times faster).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const { target, options, template } = JSON.parse(process.argv[2] ?? '{}');
if (!target || !options) throw new Error('usage: pglite-init.mjs {"target": …, "options": …, "template": …}');

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
