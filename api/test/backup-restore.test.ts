import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { loadConfig } from '../src/config';
import { restoreInto } from '../src/modules/backup/restore-target';
import { Manifest, MANIFEST_ENTRY } from '../src/modules/backup/format';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createBlog, createEvent, userHeaders } from './content-helpers';
import { login, uniqueName } from './accounts-helpers';
import { bookConsultation, buyer, settle, slot } from './orders-helpers';
import { appOn, countRows, counts, newDataDir } from './backup-helpers';
import tar from 'tar-stream';
import { createDatabase } from '@site/test-support/postgres';

const ADMIN_PASSWORD = 'restored admin password';

async function manifestOf(archive: Buffer): Promise<Manifest> {
  const extract = tar.extract();
  Readable.from([archive]).pipe(extract);
  for await (const entry of extract) {
    expect(entry.header.name).toBe(MANIFEST_ENTRY);
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    extract.destroy();
    return Manifest.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  }
  throw new Error('empty archive');
}

const restoreEnv = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

describe.each(testDatabases())('backup of a site on $name, restored into either database', (source) => {
  let app: FastifyInstance;
  let database: Database;
  let archive: Buffer;
  let manifest: Manifest;
  let adminName: string;
  let before: Record<string, number>;
  let concurrent = 0;
  let tokenBefore: string;

  useTestApp(source, (built) => {
    app = built;
    database = built.database;
  });
  beforeAll(async () => {
    adminName = uniqueName('owner');
    await app.users.upsertAdmin({ username: adminName, email: `${adminName}@example.com`, password: ADMIN_PASSWORD });
    await createEvent(app);
    await createBlog(app);
    const who = await buyer(app);
    const order = await bookConsultation(app, who, slot(5));
    expect(order.statusCode).toBe(201);
    expect((await settle(app, order.json().razorpayOrderId as string)).statusCode).toBeLessThan(300);
    before = await counts(database);
    // A session opened before the backup: the plain archive leaves out the secret that signed its token.
    tokenBefore = (await login(app, adminName, ADMIN_PASSWORD)).accessToken;

    // Writes go on while the backup is taken: each new post and its audit entry commit together.
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        await createBlog(app, { title: `Concurrent ${concurrent}` });
        concurrent += 1;
      }
    })();
    while (concurrent < 2) await new Promise((resolve) => setImmediate(resolve));
    const res = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: adminHeaders(app) });
    const startedAfter = concurrent;
    while (concurrent < startedAfter + 2) await new Promise((resolve) => setImmediate(resolve));
    stop = true;
    await writer;

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="site-backup-.+\.tar"$/);
    archive = res.rawPayload;
    manifest = await manifestOf(archive);
  }, 120_000);

  it('names the migrations, every table with its rows, and the media', async () => {
    const versions = await database.withSession((s) => s.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version'));
    expect(manifest.migrations).toEqual(versions.map((v) => v.version));
    const rowsOf = (name: string) => manifest.tables.find((t) => t.name === name)?.rows;
    for (const table of ['users', 'events', 'packages', 'orders']) expect(rowsOf(table)).toBe(await countRows(database, table));
    // Taken while posts were being written: some before, none of those after.
    expect(rowsOf('blogs')).toBeGreaterThan(before.blogs!);
    expect(rowsOf('blogs')).toBeLessThan(await countRows(database, 'blogs'));
    expect(manifest.tables.findIndex((t) => t.name === 'users')).toBeLessThan(manifest.tables.findIndex((t) => t.name === 'orders'));
    expect(manifest.media.length).toBeGreaterThan(0);
  });

  it('leaves the signing secrets out of a plain archive', async () => {
    expect(manifest.signing_secrets).toBe(false);
    const text = archive.toString('latin1');
    const secrets = await database.withSession((s) => s.query<{ key: string; value: string }>("SELECT key, value FROM app_settings WHERE key LIKE '%\\_secret'"));
    expect(secrets.map((row) => row.key)).toEqual(expect.arrayContaining(['jwt_secret', 'order_link_secret', 'newsletter_link_secret', 'order_hold_secret']));
    for (const { key, value } of secrets) {
      expect(text).not.toContain(`"${key}"`);
      expect(text).not.toContain(value);
    }
  });

  it('records the download in the audit log and as the last backup', async () => {
    const entries = await database.db.execute(sql`SELECT label FROM audit_log WHERE action = 'download' AND entity = 'backup'`);
    expect((entries as unknown as { rows: { label: string }[] }).rows.map((r) => r.label)).toEqual([expect.stringMatching(/^site-backup-.+\.tar$/)]);
    const last = await app.backup.last();
    expect(last).toMatchObject({ kind: 'download', at: manifest.created_at, size: archive.byteLength, encrypted: false });
  });

  it('refuses a caller who is not an admin', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/backup' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/admin/backup', headers: userHeaders(app) })).statusCode).toBe(403);
  });

  const targets = [
    { name: 'a new DATA_DIR', make: async () => ({ env: { DATA_DIR: newDataDir() }, drop: async () => undefined }) },
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            name: 'an empty PostgreSQL database',
            make: async () => {
              const target = await createDatabase('restore');
              return { env: { DATABASE_URL: target.url }, drop: target.drop };
            },
          },
        ]
      : []),
  ];

  describe.each(targets)('restored into $name', ({ make }) => {
    let target: Awaited<ReturnType<typeof make>>;
    let restored: Awaited<ReturnType<typeof appOn>>;

    beforeAll(async () => {
      target = await make();
      const summary = await restoreInto(restoreEnv(target.env), Readable.from([archive]));
      expect(summary.rows).toBe(manifest.tables.reduce((sum, t) => sum + t.rows, 0));
      expect(summary.newSecrets).toBe(true);
      restored = await appOn(target.env);
    }, 120_000);
    afterAll(async () => {
      await restored?.app.close();
      await target?.drop();
    });

    it('has the same rows as the archive, consistent at one moment', async () => {
      for (const table of manifest.tables) {
        // The restored site made new signing secrets (a plain archive holds none) when it started.
        if (table.name === 'app_settings') expect(await countRows(restored.database, table.name)).toBeGreaterThan(table.rows);
        else expect([table.name, await countRows(restored.database, table.name)]).toEqual([table.name, table.rows]);
      }
      const site = await counts(restored.database);
      expect({ ...site, blogs: before.blogs }).toEqual(before);
      // Every post the writer made is there with its audit entry, or neither is.
      const pair = await restored.database.db.execute<{ posts: string; entries: string }>(
        sql`SELECT (SELECT count(*) FROM blogs WHERE title LIKE 'Concurrent %')::text AS posts,
                   (SELECT count(*) FROM audit_log WHERE entity = 'blog' AND action = 'create' AND label LIKE 'Concurrent %')::text AS entries`,
      );
      const { posts, entries } = (pair as unknown as { rows: { posts: string; entries: string }[] }).rows[0]!;
      expect(Number(posts)).toBeGreaterThan(0);
      expect(posts).toBe(entries);
    });

    it('serves the same media bytes', async () => {
      for (const medium of manifest.media) {
        const [a, b] = await Promise.all([app.inject({ url: `/ipfs/${medium.cid}` }), restored.app.inject({ url: `/ipfs/${medium.cid}` })]);
        expect(b.statusCode).toBe(200);
        expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      }
    });

    it('signs the admin in with the same password, and refuses the tokens the original signed (new secrets)', async () => {
      const { accessToken } = await login(restored.app, adminName, ADMIN_PASSWORD);
      expect((await restored.app.inject({ url: '/api/admin/stats', headers: { authorization: `Bearer ${accessToken}` } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/admin/stats', headers: { authorization: `Bearer ${tokenBefore}` } })).statusCode).toBe(200);
      const earlier = await restored.app.inject({ url: '/api/admin/stats', headers: { authorization: `Bearer ${tokenBefore}` } });
      expect(earlier.statusCode).toBe(401);
      await expect(login(restored.app, adminName, 'not the password')).rejects.toThrow(/401/);
    });

    it('refuses to restore into it again without --force', async () => {
      await expect(restoreInto(restoreEnv(target.env), Readable.from([archive]))).rejects.toThrow(/not empty|already holds/);
    });
  });
});

describe('restore of an archive older than the site, and over a database with --force', () => {
  it('loads the rows into the schema they were written for, then applies the newer migrations', async () => {
    const [source] = testDatabases();
    const database = await source!.open();
    try {
      const { MIGRATIONS_DIR, migrate, migrationVersions } = await import('../src/db/migrate');
      const versions = await migrationVersions();
      await migrate(database, MIGRATIONS_DIR, { upTo: versions.at(-2) });
      await database.db.execute(sql`INSERT INTO users (username, email, password_hash, role) VALUES ('old-site-admin', 'old@example.com', 'x', 'admin')`);
      const { makeBackup } = await import('../src/modules/backup/make');
      const { DiskMediaStore } = await import('../src/modules/media/store');
      const backup = await makeBackup(database, new DiskMediaStore(newDataDir()), undefined);
      const chunks: Buffer[] = [];
      for await (const chunk of backup.archive) chunks.push(chunk as Buffer);
      const env = { DATA_DIR: newDataDir() };
      const summary = await restoreInto(restoreEnv(env), Readable.from([Buffer.concat(chunks)]));
      expect(summary.migratedAfter).toEqual([versions.at(-1)]);
      const restored = await appOn(env);
      try {
        const found = await restored.database.db.execute(sql`SELECT 1 FROM users WHERE username = 'old-site-admin'`);
        expect((found as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      } finally {
        await restored.app.close();
      }
      // --force replaces what the target holds.
      const again = await restoreInto(restoreEnv(env), Readable.from([Buffer.concat(chunks)]), { force: true });
      expect(again.rows).toBe(summary.rows);
      if (process.env.TEST_DATABASE_URL) {
        const postgres = await createDatabase('restore');
        try {
          const pgEnv = restoreEnv({ DATABASE_URL: postgres.url });
          await restoreInto(pgEnv, Readable.from([Buffer.concat(chunks)]));
          await expect(restoreInto(pgEnv, Readable.from([Buffer.concat(chunks)]))).rejects.toThrow(/not empty: pass --force/);
          const forced = await restoreInto(pgEnv, Readable.from([Buffer.concat(chunks)]), { force: true });
          expect(forced.migratedAfter).toEqual([versions.at(-1)]);
          const restoredPg = await appOn({ DATABASE_URL: postgres.url });
          try {
            const found = await restoredPg.database.db.execute(sql`SELECT 1 FROM users WHERE username = 'old-site-admin'`);
            expect((found as unknown as { rows: unknown[] }).rows).toHaveLength(1);
          } finally {
            await restoredPg.app.close();
          }
        } finally {
          await postgres.drop();
        }
      }
    } finally {
      await source!.dispose();
    }
  }, 120_000);
});
