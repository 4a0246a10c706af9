import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { adminHeaders, uniqueSlug } from './content-helpers';
import { FAST_JOBS_ENV, jobsTargets } from './jobs-helpers';
import { derivedImage, phonePhoto, uploadImage } from './media-helpers';
import { DEFAULT_HEAD_SHELL_HTML, shellWebRoot } from './ssr-helpers';

const ORIGIN = 'https://tinytitans.example';
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];

describe.each(jobsTargets())('link preview images on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { ...FAST_JOBS_ENV, PUBLIC_URL: ORIGIN }, webRoot: () => shellWebRoot(DEFAULT_HEAD_SHELL_HTML) });

  const page = async (url: string) => (await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
  const post = async (payload: Record<string, unknown>) => {
    const slug = uniqueSlug('preview');
    const response = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'Harbour at dawn', slug, content: '<p>Boats.</p>', status: 'published', ...payload },
    });
    expect(response.statusCode).toBe(201);
    return slug;
  };

  it('gives every page the site image: fixed pages, posts without a picture, unknown pages', async () => {
    for (const url of ['/', '/contact', `/blog/${await post({})}`, '/no-such-page']) {
      const html = await page(url);
      expect(metaOf(html, 'og:image'), url).toBe(`${ORIGIN}/og-image.png`);
      expect(metaOf(html, 'og:image:width'), url).toBe('1200');
      expect(metaOf(html, 'og:image:alt'), url).toContain('Tiny Titans AI');
      expect(metaOf(html, 'twitter:card'), url).toBe('summary');
      expect(html, url).not.toContain('rel="preload" as="image"');
    }
  });

  it('gives a post with a photo its cover (at most 400 KB), the large card, its alt text and a preload', async () => {
    const { cid } = (await uploadImage(app, await phonePhoto(2400, 1800))).json();
    const slug = await post({ media_cid: cid, media_alt: 'Boats & nets at dawn' });
    const image = await derivedImage(app, cid);
    const cover = image.variants.find((variant) => variant.kind === 'cover')!;

    const html = await page(`/blog/${slug}`);
    expect(metaOf(html, 'og:image')).toBe(`${ORIGIN}/ipfs/${cover.cid}`);
    expect(metaOf(html, 'og:image:width')).toBe('1200');
    expect(metaOf(html, 'og:image:height')).toBe('630');
    expect(metaOf(html, 'og:image:alt')).toBe('Boats &amp; nets at dawn');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    const served = await app.inject({ method: 'GET', url: new URL(metaOf(html, 'og:image')!).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.byteLength).toBeLessThanOrEqual(400 * 1024);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });

    const preload = /<link rel="preload" as="image" ([^>]*)\/>/.exec(html)?.[1] ?? '';
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain('fetchpriority="high"');
    const avif = image.variants.filter((variant) => variant.kind === 'srcset' && variant.format === 'avif');
    expect(preload).toContain(`imagesrcset="${avif.map((variant) => `/ipfs/${variant.cid} ${variant.width}w`).join(', ')}"`);
    expect(avif.map((variant) => variant.width)).toEqual([320, 640, 960, 1280, 1800]);
  });
});
