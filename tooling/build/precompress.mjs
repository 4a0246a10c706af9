#!/usr/bin/env node
// Writes .br and .gz beside every text asset of a build, so the server sends them without compressing per request.
import { realpathSync } from 'node:fs';
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // The server container (dist/server) is read by the api, not sent to browsers.
    if (entry.isDirectory() && entry.name === 'server') continue;
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export async function precompress(dir) {
  let count = 0;
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 512) continue;
    const data = await readFile(file);
    await writeFile(`${file}.br`, await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
    count++;
  }
  return count;
}

// `precompress dist` (this package's bin, run through a link in node_modules/.bin).
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const count = await precompress(dir);
  console.log(`precompressed ${count} files in ${dir}`);
}
