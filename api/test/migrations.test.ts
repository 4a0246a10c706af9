import { mkdtemp, rm, writeFile, copyFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { testDatabases } from './databases';

describe.each(testDatabases())('migrations on $name', (target) => {
  let database: Database;
  let extraDir: string;

  beforeAll(async () => {
    database = await target.open();
    extraDir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  });
  afterAll(async () => {
    await target.dispose();
    await rm(extraDir, { recursive: true, force: true });
  });

  it('applies every committed migration once, in order', async () => {
    const committed = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const first = await migrate(database);
    expect(first.applied).toEqual(committed.map((f) => f.replace(/\.sql$/, '')));
    const second = await migrate(database);
    expect(second.applied).toEqual([]);
    const rows = await database.withSession((s) => s.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version'));
    expect(rows.map((r) => r.version)).toEqual(first.applied);
  });

  it('runs concurrent starts one after the other under the advisory lock', async () => {
    for (const file of await readdir(MIGRATIONS_DIR)) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(extraDir, file));
    await writeFile(path.join(extraDir, '9001_probe.sql'), 'CREATE TABLE probe_concurrency (id int PRIMARY KEY);');
    const results = await Promise.all([migrate(database, extraDir), migrate(database, extraDir), migrate(database, extraDir)]);
    const appliedProbe = results.filter((r) => r.applied.includes('9001_probe'));
    expect(appliedProbe).toHaveLength(1);
  });

  it('rolls back a failing migration and names it', async () => {
    await writeFile(path.join(extraDir, '9002_broken.sql'), 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;');
    await expect(migrate(database, extraDir)).rejects.toThrow(/9002_broken\.sql/);
    const tables = await database.withSession((s) =>
      s.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half_done'"),
    );
    expect(tables[0]?.n).toBe(0);
  });
});
