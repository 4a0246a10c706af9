// Fresh PGlite data dirs are made in a child process, the first by initdb (which leaves a template
// tarball in the cache directory), later ones from that template.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializePgliteDataDir, openDatabase } from '../src/db/database';

describe('PGlite data dir initialization', () => {
  let root: string;
  let cacheDir: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pglite-init-'));
    cacheDir = path.join(root, 'cache');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const templates = () => (existsSync(cacheDir) ? readdirSync(cacheDir).filter((name) => name.endsWith('.tar')) : []);

  async function expectWorkingDatabase(dataDir: string): Promise<void> {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.withSession((session) => session.query<{ shared_buffers: string }>('SHOW shared_buffers'));
      expect(rows).toEqual([{ shared_buffers: '16MB' }]);
      await database.withSession((session) => session.exec('CREATE TABLE probe (id int PRIMARY KEY); INSERT INTO probe VALUES (1);'));
    } finally {
      await database.close();
    }
  }

  it('runs initdb once, caches the result and starts the next fresh data dir from it', async () => {
    const first = path.join(root, 'first');
    await initializePgliteDataDir(path.join(first, 'pgdata'), cacheDir);
    expect(existsSync(path.join(first, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(templates()).toHaveLength(1);
    // Nothing half-made is left next to the data dir.
    expect(readdirSync(first)).toEqual(['pgdata']);

    const second = path.join(root, 'second');
    await initializePgliteDataDir(path.join(second, 'pgdata'), cacheDir);
    expect(templates()).toHaveLength(1);
    await expectWorkingDatabase(second);
    await expectWorkingDatabase(first);
  }, 180_000);

  it('replaces an unreadable template by a fresh initdb', async () => {
    const [template] = templates();
    expect(template).toBeDefined();
    await writeFile(path.join(cacheDir, template!), 'not a tarball');
    const third = path.join(root, 'third');
    await initializePgliteDataDir(path.join(third, 'pgdata'), cacheDir);
    await expectWorkingDatabase(third);
  }, 180_000);
});
