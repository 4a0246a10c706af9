import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { useTestInstances } from './app';
import { testDatabases } from './databases';
import { adminHeaders } from './content-helpers';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { rawCid } from '../src/modules/media/cid';
import { migrateDiskMedia } from '../src/modules/media/migrate-disk';
import { DatabaseMediaStore, DiskMediaStore, MEDIA_READ_SLICE_BYTES } from '../src/modules/media/store';

/** The smallest EBML header that declares a WebM document, followed by `size` random bytes. */
function webm(size: number): Buffer {
  const header = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
    Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
  ]);
  return Buffer.concat([header, randomBytes(size)]);
}

function multipart(bytes: Buffer) {
  const boundary = '----shared-media-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="clip.webm"\r\nContent-Type: video/webm\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(testDatabases())('media in the database on $name', (target) => {
  let database: Database;
  let store: DatabaseMediaStore;

  beforeAll(async () => {
    database = await target.open();
    await migrate(database);
    store = new DatabaseMediaStore(database.db);
  });
  afterAll(async () => target.dispose());
  afterEach(() => vi.restoreAllMocks());

  it('keys a file by the CID of its bytes and keeps one row for the same bytes', async () => {
    const bytes = webm(1000);
    const stored = await store.put(bytes, 'video/webm');
    expect(stored).toEqual({ cid: await rawCid(bytes), contentType: 'video/webm', size: bytes.length });
    expect(await store.put(bytes, 'image/png')).toEqual(stored);
    expect(await store.info(stored.cid)).toEqual(stored);
    expect((await readAll(store.stream(stored.cid))).equals(bytes)).toBe(true);
    // Out of line and uncompressed: what lets substring() read only the chunks of a range.
    const storage = await database.db.execute<{ attstorage: string }>(
      sql`SELECT attstorage FROM pg_attribute WHERE attrelid = 'media_objects'::regclass AND attname = 'bytes'`,
    );
    expect((storage as unknown as { rows: { attstorage: string }[] }).rows[0]!.attstorage).toBe('e');
  });

  it('reads a range with one query for just those bytes, and a whole file in bounded slices', async () => {
    const bytes = webm(3 * MEDIA_READ_SLICE_BYTES + 123);
    const { cid } = await store.put(bytes, 'video/webm');
    const slice = vi.spyOn(store, 'slice');
    expect((await readAll(store.stream(cid, { start: 500_000, end: 500_099 }))).equals(bytes.subarray(500_000, 500_100))).toBe(true);
    expect(slice.mock.calls).toEqual([[cid, 500_000, 100]]);
    slice.mockClear();
    expect((await readAll(store.stream(cid))).equals(bytes)).toBe(true);
    expect(slice.mock.calls.length).toBe(4);
    expect(Math.max(...slice.mock.calls.map(([, , length]) => length))).toBe(MEDIA_READ_SLICE_BYTES);
  });

  it('copies the disk store into the table, checking each file against its CID, and can run again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'media-migrate-'));
    const disk = new DiskMediaStore(dir);
    const kept = await disk.put(webm(2000), 'video/webm');
    const tampered = await disk.put(webm(10), 'video/webm');
    await writeFile(path.join(dir, tampered.cid), 'not the bytes this name promises');
    await mkdir(path.join(dir, 'stray'), { recursive: true });
    const first = await migrateDiskMedia(disk, store);
    expect(first.copied).toEqual([kept.cid]);
    expect(first.skipped.map((entry) => entry.name).sort()).toEqual([tampered.cid, 'stray'].sort());
    expect(await store.info(kept.cid)).toEqual(kept);
    expect(await store.info(tampered.cid)).toBeNull();
    expect((await migrateDiskMedia(disk, store)).alreadyThere).toEqual([kept.cid]);
  });
});

/** Two api instances, each with its own pool and DATA_DIR, on one fresh PostgreSQL database. */
const postgres = testDatabases().filter((target) => target.name === 'postgres');
describe.each(postgres)('media served by every instance on PostgreSQL', (target) => {
  let first: FastifyInstance;
  let second: FastifyInstance;

  useTestInstances(target, [{}, { ownConnection: true }], (apps) => {
    [first, second] = apps as [FastifyInstance, FastifyInstance];
  });

  it('serves, from the other instance, a file uploaded to one: whole, by range, and 304 for its ETag', async () => {
    const bytes = webm(700_000);
    const body = multipart(bytes);
    const uploaded = await first.inject({
      method: 'POST',
      url: '/api/ipfs/upload-image',
      payload: body.payload,
      headers: { ...body.headers, ...adminHeaders(first) },
    });
    expect(uploaded.statusCode).toBe(201);
    const { cid, size } = uploaded.json<{ cid: string; size: number }>();
    expect(size).toBe(bytes.length);

    const whole = await second.inject({ method: 'GET', url: `/ipfs/${cid}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.headers.etag).toBe(`"${cid}"`);
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const range = await second.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=300000-300999' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 300000-300999/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(300_000, 301_000))).toBe(true);

    const tail = await second.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(bytes.subarray(-10))).toBe(true);
    const outside = await second.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.statusCode).toBe(416);

    const revalidated = await second.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { 'if-none-match': `"${cid}"` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    const otherTag = await second.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { 'if-none-match': '"something-else"' } });
    expect(otherTag.statusCode).toBe(200);
    // If-Range naming another version: the whole file, not the range.
    const staleRange = await second.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(staleRange.statusCode).toBe(200);
    expect(staleRange.rawPayload.length).toBe(bytes.length);

    const head = await first.inject({ method: 'HEAD', url: `/ipfs/${cid}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it('has the sample media in the table, so blogs show their images on every instance', async () => {
    const rows = await first.database.db.execute<{ count: number }>(
      // The samples are SVG files put by every instance at start (same bytes: one row each).
      sql`SELECT count(*)::int AS count FROM media_objects WHERE content_type = 'image/svg+xml'`,
    );
    expect((rows as unknown as { rows: { count: number }[] }).rows[0]!.count).toBeGreaterThan(0);
  });
});
