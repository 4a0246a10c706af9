import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Blog } from '@site/shared/contracts/blogs';
import { deriveStoredMedia } from '../src/modules/media/derive-stored';
import { readMedia } from '../src/modules/media/images';
import { useTestApp } from './app';
import { adminHeaders, uniqueSlug } from './content-helpers';
import { testDatabases } from './databases';
import { phonePhoto } from './media-helpers';

describe.each(testDatabases())('media:derive on $name', (target) => {
  let app: FastifyInstance;

  // No worker: only the command derives here.
  useTestApp(target, (built) => (app = built), { env: { JOBS_WORKER: '0' } });

  it('cleans an image stored with its metadata, points its post at the clean copy, derives it; a second run does nothing', async () => {
    // As stored before uploads were cleaned: the phone's bytes as sent, GPS included.
    const old = await app.mediaStore.put(await phonePhoto(900, 600), 'image/jpeg');
    const slug = uniqueSlug('derive');
    const created = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'Old photo', slug, content: '<p>From before.</p>', media_cid: old.cid, status: 'published' },
    });
    expect(created.statusCode).toBe(201);

    const first = await deriveStoredMedia(app.database.db, app.mediaStore, app.blogs);
    expect(first.cleaned).toHaveLength(1);
    const cleaned = first.cleaned[0]!;
    expect(cleaned.from).toBe(old.cid);
    expect(first.derived).toEqual([cleaned.to]);
    expect(first.skipped).toEqual([]);

    const meta = await sharp(await readMedia(app.mediaStore, cleaned.to)).metadata();
    expect(meta.exif).toBeUndefined();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 600, height: 900 });
    // The original with its GPS position is gone.
    expect(await app.mediaStore.info(old.cid)).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/ipfs/${old.cid}` })).statusCode).toBe(404);

    await app.publicCache.invalidate('blogs');
    const [blog] = (await app.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${slug}` })).json<Blog[]>();
    expect(blog!.media_cid).toBe(cleaned.to);
    expect(blog!.media_image?.variants.length).toBeGreaterThan(0);

    const stored = (await app.mediaStore.list()).length;
    const second = await deriveStoredMedia(app.database.db, app.mediaStore, app.blogs);
    expect(second).toEqual({ cleaned: [], derived: [], skipped: [] });
    expect((await app.mediaStore.list()).length).toBe(stored);
  });
});
