import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { phonePhoto } from '../scripts/memory-photos';
import { useTestApp } from './app';
import { adminHeaders, uniqueSlug } from './content-helpers';
import { jobsTargets } from './jobs-helpers';
import { uploadImage } from './media-helpers';
import { shellWebRoot } from './ssr-helpers';

const ORIGIN = 'https://tinytitans.example';
/** Issue 30: a post's page offers its srcset and a link preview image of at most 400 KB this soon. */
const DEADLINE_MS = 30_000;
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

// The jobs' production settings (no fast polling): the upload's job must wake the worker itself.
describe.each(jobsTargets())('a 12 MP photo published on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: ORIGIN }, webRoot: shellWebRoot });

  it(`offers its srcset and an og:image of at most 400 KB within ${DEADLINE_MS / 1000} s of its upload`, { timeout: 120_000 }, async () => {
    const photo = await phonePhoto(0);
    expect(await sharp(photo).metadata()).toMatchObject({ width: 4032, height: 3024, orientation: 6 });

    const started = Date.now();
    const uploaded = await uploadImage(app, photo);
    expect(uploaded.statusCode).toBe(201);
    const slug = uniqueSlug('deadline');
    const created = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'Harbour at dawn', slug, content: '<p>Boats.</p>', media_cid: uploaded.json().cid, status: 'published' },
    });
    expect(created.statusCode).toBe(201);

    const html = await vi.waitFor(
      async () => {
        const page = (await app.inject({ method: 'GET', url: `/blog/${slug}`, headers: { accept: 'text/html' } })).body;
        if (!/imagesrcset="[^"]* 1920w"/.test(page)) throw new Error('the page offers no srcset yet');
        return page;
      },
      { timeout: DEADLINE_MS, interval: 250 },
    );
    const elapsed = Date.now() - started;
    const ogImage = metaOf(html, 'og:image')!;
    const served = await app.inject({ method: 'GET', url: new URL(ogImage).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.byteLength).toBeLessThanOrEqual(400 * 1024);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(elapsed).toBeLessThanOrEqual(DEADLINE_MS);
    console.log(`12 MP photo on ${target.name}: srcset and cover offered ${elapsed} ms after its upload began`);
  });
});
