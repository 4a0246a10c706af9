import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Blog } from '@site/shared/contracts/blogs';
import { buildTestApp } from './app';
import { adminHeaders } from './content-helpers';
import { FAST_JOBS_ENV, jobsTargets } from './jobs-helpers';

/** A phone photo as it arrives: landscape pixels, EXIF orientation 6 (shown portrait), a GPS position. */
async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .composite([{ input: { create: { width: width / 4, height: height / 4, channels: 3, background: '#e0a030' } }, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Phone owner' }, GPS: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' } })
    .toBuffer();
}

/** A PNG whose header claims 20000×20000 pixels (400 MP) over a few bytes: a decompression bomb. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

function multipart(bytes: Buffer, type: string) {
  const boundary = '----media-images-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(jobsTargets())('uploaded images on $name', (target) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const { database, env } = await target.open();
    app = await buildTestApp(database, { env: { ...env, ...FAST_JOBS_ENV } });
  });
  afterAll(async () => {
    await app?.close();
    await target.dispose();
  });

  const upload = (bytes: Buffer, type = 'image/jpeg') => {
    const body = multipart(bytes, type);
    return app.inject({ method: 'POST', url: '/api/ipfs/upload-image', payload: body.payload, headers: { ...body.headers, ...adminHeaders(app) } });
  };
  const served = async (cid: string) => {
    const response = await app.inject({ method: 'GET', url: `/ipfs/${cid}` });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  const countRows = async (table: string) => {
    const result = await app.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  it('stores a phone photo upright and without metadata; its variants are derived by a job', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('Phone owner'))).toBe(true);

    const response = await upload(photo);
    expect(response.statusCode).toBe(201);
    const { cid, width, height, content_type } = response.json();
    expect({ width, height, content_type }).toEqual({ width: 1200, height: 1600, content_type: 'image/jpeg' });
    const original = await served(cid);
    const cleaned = await sharp(original).metadata();
    expect({ width: cleaned.width, height: cleaned.height }).toEqual({ width: 1200, height: 1600 });
    expect(cleaned.exif).toBeUndefined();
    expect(cleaned.orientation).toBeUndefined();
    expect(cleaned.xmp).toBeUndefined();
    expect(cleaned.icc).toBeUndefined();
    // The orange corner, top-left in the sensor's pixels, is top-right once turned upright.
    const { data } = await sharp(original).extract({ left: 1100, top: 50, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(180);

    const image = await vi.waitFor(
      async () => {
        const found = await app.mediaImages.of(cid);
        if (!found?.variants.length) throw new Error('not derived yet');
        return found;
      },
      { timeout: 30_000, interval: 200 },
    );
    const srcset = image.variants.filter((variant) => variant.kind === 'srcset');
    expect([...new Set(srcset.map((variant) => variant.width))]).toEqual([320, 640, 960, 1200]);
    expect(new Set(srcset.map((variant) => variant.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    for (const variant of image.variants) {
      const bytes = await served(variant.cid);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: variant.width, height: variant.height });
      expect(meta.height!).toBeGreaterThan(variant.kind === 'cover' ? 0 : meta.width!);
    }
    const cover = image.variants.find((variant) => variant.kind === 'cover')!;
    expect({ width: cover.width, height: cover.height }).toEqual({ width: 1200, height: 630 });
    expect((await served(cover.cid)).byteLength).toBeLessThanOrEqual(400 * 1024);

    // A second derivation of the same image does nothing.
    expect(await app.mediaImages.derive(cid)).toBe(false);
  });

  it('gives a post its image dimensions, variants and alt text', async () => {
    const { cid } = (await upload(await phonePhoto(800, 600))).json();
    await vi.waitFor(
      async () => {
        if (!(await app.mediaImages.of(cid))?.variants.length) throw new Error('not derived yet');
      },
      { timeout: 30_000, interval: 200 },
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'Harbour at dawn', slug: 'harbour-at-dawn', content: '<p>Boats.</p>', media_cid: cid, media_alt: 'Fishing boats moored at dawn', status: 'published' },
    });
    expect(created.statusCode).toBe(201);
    const [blog] = (await app.inject({ method: 'GET', url: '/api/blogs/search?field=slug&value=harbour-at-dawn' })).json<Blog[]>();
    expect(blog!.media_alt).toBe('Fishing boats moored at dawn');
    expect(blog!.media_image).toMatchObject({ width: 600, height: 800 });
    expect(blog!.media_image!.variants.filter((variant) => variant.format === 'avif').map((variant) => variant.width)).toEqual([320, 600]);
  });

  it('refuses a decompression bomb with 413 and stores nothing', async () => {
    const stored = () =>
      app.database.kind === 'postgres' ? countRows('media_objects') : readdir(path.join(app.config.DATA_DIR, 'media')).then((names) => names.length);
    const [objects, images] = [await stored(), await countRows('media_images')];
    const response = await upload(pngBomb(), 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'image_too_large' });
    expect(await countRows('media_images')).toBe(images);
    expect(await stored()).toBe(objects);
  });

  it('refuses an image it cannot read with 400', async () => {
    const photo = await phonePhoto(64, 48);
    const response = await upload(photo.subarray(0, 200));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_image' });
  });
});
