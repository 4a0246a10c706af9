import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Blog } from '@site/shared/contracts/blogs';
import { useTestApp } from './app';
import { adminHeaders } from './content-helpers';
import { FAST_JOBS_ENV, jobsTargets } from './jobs-helpers';
import { derivedImage, phonePhoto, pngBomb, uploadImage } from './media-helpers';

describe.each(jobsTargets())('uploaded images on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), { env: FAST_JOBS_ENV });

  const upload = (bytes: Buffer, type = 'image/jpeg') => uploadImage(app, bytes, type);
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
    // The GPS block's pointer (tag 0x8825, either byte order) is in the upload.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88])) || before.exif?.includes(Buffer.from([0x88, 0x25]))).toBe(true);

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

    const image = await derivedImage(app, cid);
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
    await derivedImage(app, cid);
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
