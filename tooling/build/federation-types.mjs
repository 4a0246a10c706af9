#!/usr/bin/env node
// The remotes' types for their consumers' type check, through Module Federation's own DTS support
// (decision 063): each remote's exposed modules are compiled to declarations and zipped as its
// build would publish them (`@mf-types.zip`), and each consumer takes them in as the DTS plugin does
// from a deployed remote, into `node_modules/.federation-types/`, with the typed `loadRemote` (its
// `RemoteKeys` and `PackageType`). A consumer's `src/composed-types.ts` checks what it composes
// against them: a removed or changed expose fails its typecheck. Everything stays on this machine:
// the zips are served to the consumer from a loopback port for the time of the run.
//   federation-types     (pnpm typecheck) generate what changed, and consume, for every consumer
import { createServer } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumeTypes, generateTypes } from '@module-federation/dts-plugin/core';
import { REMOTE_NAMES, exposesOf, remoteDir } from '@site/shared/remotes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where a remote's generated types are kept, and where a consumer's are taken in (both git-ignored). */
export const GENERATED = 'node_modules/.mf-types';
export const CONSUMED = 'node_modules/.federation-types';

/** Who composes whose modules: the shell every remote's pages, remotes the sections others lend. */
export const CONSUMERS = {
  shell: REMOTE_NAMES,
  'mfe-marketing': ['mfe_commerce'],
  'mfe-community': ['mfe_commerce'],
};

async function newestIn(dir) {
  let newest = 0;
  if (!(await stat(dir).catch(() => null))) return newest;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/**
 * A remote's types (the folder holding its `@mf-types.zip`), compiled again only when its sources,
 * `shared`, its tsconfig or the types it consumes changed since.
 */
export async function generate(name, options = {}) {
  const context = options.context ?? path.join(root, remoteDir(name));
  const output = path.join(context, GENERATED);
  const made = await stat(path.join(output, '@mf-types.zip')).then((file) => file.mtimeMs, () => 0);
  const inputs = [path.join(context, 'src'), path.join(root, 'shared', 'src'), path.join(context, CONSUMED)];
  const sources = Math.max((await stat(path.join(context, 'tsconfig.json'))).mtimeMs, ...(await Promise.all(inputs.map(newestIn))));
  if (made > sources && !options.force) return output;
  await generateTypes({
    remote: {
      moduleFederationConfig: { name, filename: 'remoteEntry.js', exposes: options.exposes ?? exposesOf(name) },
      context,
      tsConfigPath: path.join(context, 'tsconfig.json'),
      outputDir: output,
      generateAPITypes: true,
      compileInChildProcess: false,
      abortOnError: true,
    },
  });
  return output;
}

/** Serves each remote's `@mf-types.zip` and `@mf-types.d.ts` from its folder on a loopback port, for the time of `run`. */
async function serving(folders, run) {
  const server = createServer(async (request, response) => {
    const [, name, file] = (request.url ?? '').split('/');
    const folder = folders[name ?? ''];
    if (!folder || !['@mf-types.zip', '@mf-types.d.ts'].includes(file ?? '')) return response.writeHead(404).end();
    try {
      response.writeHead(200, { 'content-type': file.endsWith('.zip') ? 'application/zip' : 'text/plain' }).end(await readFile(path.join(folder, file)));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  try {
    return await run(`http://127.0.0.1:${port}`);
  } finally {
    server.close();
  }
}

/**
 * Takes the remotes' types (each a folder holding `@mf-types.zip`) into a consumer, as Module
 * Federation's DTS plugin does for a host; again only when one of them is newer.
 */
export async function consume(context, folders) {
  const names = Object.keys(folders);
  const taken = await stat(path.join(context, CONSUMED, 'index.d.ts')).then((file) => file.mtimeMs, () => 0);
  const zips = await Promise.all(names.map(async (name) => (await stat(path.join(folders[name], '@mf-types.zip'))).mtimeMs));
  if (taken > Math.max(...zips)) return;
  await serving(folders, (origin) =>
    consumeTypes({
      host: {
        moduleFederationConfig: { name: path.basename(context).replace('-', '_'), remotes: Object.fromEntries(names.map((name) => [name, `${name}@${origin}/${name}/mf-manifest.json`])) },
        context,
        typesFolder: CONSUMED,
        deleteTypesFolder: true,
        consumeAPITypes: true,
        abortOnError: true,
        maxRetries: 1,
        remoteTypeUrls: Object.fromEntries(names.map((name) => [name, { alias: name, zip: `${origin}/${name}/@mf-types.zip`, api: `${origin}/${name}/@mf-types.d.ts` }])),
      },
    }),
  );
}

/** Every consumer's types, each remote's made after the types it consumes itself. */
export async function federationTypes() {
  const made = new Map();
  const consumed = (dir) => {
    const producers = CONSUMERS[dir] ?? [];
    return producers.length ? Promise.all(producers.map(ready)).then((folders) => consume(path.join(root, dir), Object.fromEntries(producers.map((name, i) => [name, folders[i]])))) : Promise.resolve();
  };
  const ready = (name) => {
    if (!made.has(name)) made.set(name, consumed(remoteDir(name)).then(() => generate(name)));
    return made.get(name);
  };
  await consumed('shell');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await federationTypes();
  console.log(`federation types ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
