import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { hasTables } from '../src/modules/backup/catalog';
import { rowsOf } from '../src/db/rows';
import { restoreInto } from '../src/modules/backup/restore-target';
import { MANIFEST_ENTRY, Manifest } from '../src/modules/backup/format';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders } from './content-helpers';
import { bookConsultation, buyer, settle, slot } from './orders-helpers';
import { newDataDir } from './backup-helpers';
import { createDatabase } from '@site/test-support/postgres';

const restoreEnv = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
const ONE_SENTENCE = /^The backup is damaged \([^()]+\): nothing was restored\.$/;

const targets = [
  { name: 'a new DATA_DIR', make: async () => ({ env: { DATA_DIR: newDataDir() }, drop: async () => undefined }) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'an empty PostgreSQL database',
          make: async () => {
            const target = await createDatabase('damaged');
            return { env: { DATABASE_URL: target.url }, drop: target.drop };
          },
        },
      ]
    : []),
];

/** Whether the target holds nothing: no table, no medium. */
async function isEmpty(env: Record<string, string>): Promise<boolean> {
  if (env.DATA_DIR) {
    const media = path.join(env.DATA_DIR, 'media');
    return !existsSync(path.join(env.DATA_DIR, 'pgdata')) && (!existsSync(media) || readdirSync(media).length === 0);
  }
  const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! });
  try {
    return !(await hasTables(database.db));
  } finally {
    await database.close();
  }
}

/** The ids of the orders the target holds, read as the site would. */
async function ordersIn(env: Record<string, string>): Promise<string[]> {
  const database = env.DATA_DIR ? await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR }) : await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! });
  try {
    return (await rowsOf<{ id: string }>(database.db, sql`SELECT id FROM orders ORDER BY id`)).map((row) => row.id);
  } finally {
    await database.close();
  }
}

/** The archive with its orders' rows rewritten by `change` and its manifest made to agree: whole, yet not loadable. */
async function withRewrittenOrders(archive: Buffer, change: (rows: string) => string): Promise<Buffer> {
  const entries: { name: string; body: Buffer }[] = [];
  const extract = tar.extract();
  Readable.from([archive]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  const manifest = Manifest.parse(JSON.parse(entries[0]!.body.toString('utf8')));
  const orders = manifest.tables.find((table) => table.name === 'orders')!;
  const entry = entries.find((e) => e.name === orders.entry)!;
  entry.body = Buffer.from(change(entry.body.toString('utf8')));
  Object.assign(orders, { bytes: entry.body.byteLength, sha256: createHash('sha256').update(entry.body).digest('hex') });
  entries[0]!.body = Buffer.from(JSON.stringify(manifest));
  expect(entries[0]!.name).toBe(MANIFEST_ENTRY);
  const pack = tar.pack();
  for (const { name, body } of entries) pack.entry({ name }, body);
  pack.finalize();
  const out: Buffer[] = [];
  for await (const chunk of pack) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe.each(testDatabases().slice(0, 1))('a damaged archive of a site', (source) => {
  let app: FastifyInstance;
  let archive: Buffer;
  let email: string;

  useTestApp(source, (built) => {
    app = built;
  });
  beforeAll(async () => {
    const who = await buyer(app);
    email = who.email;
    const order = await bookConsultation(app, who, slot(5));
    expect((await settle(app, order.json().razorpayOrderId as string)).statusCode).toBeLessThan(300);
    const res = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: adminHeaders(app) });
    expect(res.statusCode).toBe(200);
    archive = res.rawPayload;
  }, 120_000);

  const damaged = {
    truncated: () => archive.subarray(0, Math.floor(archive.byteLength * 0.6)),
    altered: () => {
      // One character of the buyer's address in the orders' rows.
      const copy = Buffer.from(archive);
      const at = copy.lastIndexOf(Buffer.from(email));
      expect(at).toBeGreaterThan(0);
      copy[at] = copy[at] === 0x61 ? 0x62 : 0x61;
      return copy;
    },
  };

  describe.each(targets)('restored into $name', ({ make }) => {
    let target: Awaited<ReturnType<typeof make>>;
    beforeAll(async () => {
      target = await make();
    });
    afterAll(async () => {
      await target?.drop();
    });

    it.each(Object.keys(damaged) as (keyof typeof damaged)[])('refuses a %s archive in one sentence and writes nothing', async (kind) => {
      const error = await restoreInto(restoreEnv(target.env), Readable.from([damaged[kind]()])).then(
        () => undefined,
        (err: Error) => err,
      );
      expect(error?.message).toMatch(ONE_SENTENCE);
      expect(error?.message).not.toContain('@');
      expect(error?.message).not.toContain('INSERT');
      expect(await isEmpty(target.env)).toBe(true);
    });

    it('undoes a restore whose rows the database refuses, and says so without them', async () => {
      // Checks pass, the rows do not load: the order's id is no longer a UUID.
      const broken = await withRewrittenOrders(archive, (rows) => rows.replace(/"id": "[0-9a-f-]{36}"/, '"id": "not-a-uuid"'));
      const error = await restoreInto(restoreEnv(target.env), Readable.from([broken])).then(
        () => undefined,
        (err: Error) => err,
      );
      expect(error?.message).toMatch(/^The restore failed while writing \(database error 22P02\); nothing it wrote was kept, so the target is as it was\.$/);
      expect(await isEmpty(target.env)).toBe(true);
    });

    it('then restores the good archive without --force', async () => {
      const summary = await restoreInto(restoreEnv(target.env), Readable.from([archive]));
      expect(summary.rows).toBeGreaterThan(0);
      expect(await isEmpty(target.env)).toBe(false);
    });

    it('keeps the site it replaces, whole, when a restore with --force fails while writing', async () => {
      const before = await ordersIn(target.env);
      expect(before.length).toBeGreaterThan(0);
      const broken = await withRewrittenOrders(archive, (rows) => rows.replace(/"id": "[0-9a-f-]{36}"/, '"id": "not-a-uuid"'));
      await expect(restoreInto(restoreEnv(target.env), Readable.from([broken]), { force: true })).rejects.toThrow(/nothing it wrote was kept, so the target is as it was\.$/);
      expect(await ordersIn(target.env)).toEqual(before);
      if ('DATA_DIR' in target.env) expect(readdirSync(target.env.DATA_DIR).filter((name) => name.startsWith('.'))).toEqual([]);
    });
  });
});
