import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { restoreInto } from '../src/modules/backup/restore-target';
import { pointersOf } from '../src/modules/releases/pointers';
import { liveRemotes, versionOf } from '../src/modules/releases/store';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders } from './content-helpers';
import { newDataDir } from './backup-helpers';
import { createDatabase } from '@site/test-support/postgres';

const restoreEnv = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
const OWN_ENTRY = '/remotes/mfe-marketing/remoteEntry.js';
const version = versionOf(new Date('2026-11-28T06:00:00.000Z'), 'abcdef0123456789');
/** The files of the live release: its entry, a chunk in a folder, and its server container. */
const FILES: Record<string, string> = {
  'remoteEntry.js': 'var mfe_marketing = "the live release";',
  'static/js/chunk.js': 'console.log("a chunk of the live release")',
  'server/remoteEntry.js': 'module.exports = "the live release on the server"',
};

/** Rewrites one entry of a tar archive (a damaged copy). */
async function alterEntry(archive: Buffer, name: string, change: (bytes: Buffer) => Buffer): Promise<Buffer> {
  const extract = tar.extract();
  const pack = tar.pack();
  const packed = (async () => {
    const out: Buffer[] = [];
    for await (const chunk of pack as AsyncIterable<Buffer>) out.push(chunk);
    return Buffer.concat(out);
  })();
  Readable.from([archive]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    pack.entry({ name: entry.header.name }, entry.header.name === name ? change(bytes) : bytes);
  }
  pack.finalize();
  return packed;
}

describe.each(testDatabases())('a backup of a site on $name carries its live releases', (source) => {
  let app: FastifyInstance;
  let webRoot: string;
  let archive: Buffer;
  const targets: { env: Record<string, string>; releasesDir: string; drop: () => Promise<void> }[] = [];

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'backup-releases-'));
    const shell = path.join(webRoot, 'shell', 'dist');
    await mkdir(shell, { recursive: true });
    await writeFile(path.join(shell, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
    await writeFile(path.join(shell, 'remotes.json'), JSON.stringify({ mfe_marketing: OWN_ENTRY }));
    const folder = path.join(webRoot, 'releases', 'mfe-marketing', version);
    for (const [name, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
      await writeFile(path.join(folder, name), text);
    }
  });
  useTestApp(source, (built) => (app = built), () => ({ env: { RELEASES_DIR: path.join(webRoot, 'releases') }, webRoot: async () => webRoot }));

  /** A new machine: an empty database (or DATA_DIR) and an empty RELEASES_DIR. */
  async function newMachine(): Promise<(typeof targets)[number]> {
    const releasesDir = await mkdtemp(path.join(tmpdir(), 'restored-releases-'));
    let target: (typeof targets)[number];
    if (source.name === 'postgres') {
      const database = await createDatabase('releases');
      target = { env: { DATABASE_URL: database.url, RELEASES_DIR: releasesDir }, releasesDir, drop: database.drop };
    } else {
      target = { env: { DATA_DIR: newDataDir(), RELEASES_DIR: releasesDir }, releasesDir, drop: async () => undefined };
    }
    targets.push(target);
    return target;
  }

  afterAll(async () => {
    for (const target of targets) {
      await target.drop();
      await rm(target.releasesDir, { recursive: true, force: true });
    }
    await rm(webRoot, { recursive: true, force: true });
  });

  it('restores on a new machine the release that was live, which the restored site names', async () => {
    await app.releases.pointers.write('mfe-marketing', version);
    const res = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: adminHeaders(app) });
    expect(res.statusCode).toBe(200);
    archive = res.rawPayload;

    const target = await newMachine();
    const summary = await restoreInto(restoreEnv(target.env), Readable.from([archive]));
    expect(summary.releases).toBe(1);
    for (const [name, text] of Object.entries(FILES)) {
      expect(await readFile(path.join(target.releasesDir, 'mfe-marketing', version, name), 'utf8')).toBe(text);
    }
    // No folder half-written beside it.
    expect(await readdir(path.join(target.releasesDir, 'mfe-marketing'))).toEqual(expect.arrayContaining([version]));
    expect((await readdir(path.join(target.releasesDir, 'mfe-marketing'))).filter((name) => name.startsWith('.'))).toEqual([]);

    const config = restoreEnv(target.env);
    const database = await openDatabase(config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR });
    try {
      const remotes = await liveRemotes({ webRoot, releasesDir: target.releasesDir }, pointersOf(database, target.releasesDir));
      expect(remotes.mfe_marketing).toBe(`/releases/mfe-marketing/${version}/remoteEntry.js`);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses an archive whose release file was altered, writing no release', async () => {
    const damaged = await alterEntry(archive, `releases/mfe-marketing/${version}/static/js/chunk.js`, (bytes) => Buffer.concat([bytes, Buffer.from('//')]));
    const target = await newMachine();
    await expect(restoreInto(restoreEnv(target.env), Readable.from([damaged]))).rejects.toThrow(
      `The backup is damaged (releases/mfe-marketing/${version}/static/js/chunk.js does not match its size and SHA-256): nothing was restored.`,
    );
    expect(await readdir(target.releasesDir)).toEqual([]);
  }, 60_000);

  it('serves the remote’s own build, never a 404, when the live release’s files are not on this machine', async () => {
    const gone = versionOf(new Date('2026-11-28T07:00:00.000Z'), '9876543210abcdef');
    await app.releases.pointers.write('mfe-marketing', gone);
    const remotes = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(remotes.json()).toEqual({ mfe_marketing: OWN_ENTRY });
    await app.releases.pointers.write('mfe-marketing', version);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({ mfe_marketing: `/releases/mfe-marketing/${version}/remoteEntry.js` });
  });
});
