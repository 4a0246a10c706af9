// Cache churn (issue 26 item 7): query strings a page does not read share its rendered entry, the
// page cache is bounded by bytes, and with PUBLIC_URL set made-up hosts neither fill the caches nor
// reach a published URL.
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestInstances } from './app';
import { testDatabases } from './databases';
import { fakeWebRoot } from './ssr-helpers';

const PUBLIC = 'https://tinytitans.example';

describe.each(testDatabases())('cache churn on $name', (target) => {
  let app: FastifyInstance;
  let site: FastifyInstance;

  useTestInstances(
    target,
    // The second: the same site behind a trusted proxy, with its public address set.
    [{ webRoot: fakeWebRoot }, { webRoot: fakeWebRoot, env: { PUBLIC_URL: PUBLIC, TRUST_PROXY: 'true' } }],
    ([first, second]) => {
      app = first!;
      site = second!;
    },
  );

  it('600 distinct query strings on / share the page entry: one render, one entry, bytes bounded', async () => {
    const renders = vi.spyOn(app.metrics, 'serverRender');
    const first = await app.inject({ url: '/' });
    expect(first.body).toContain('<h1>Rendered /</h1>');
    const etag = first.headers.etag;
    const cached = app.ssr.cached;
    for (let i = 0; i < 600; i++) {
      const url = i % 2 ? `/?x=${i}` : `/?utm_source=news&utm_campaign=${i}`;
      const res = await app.inject({ url, headers: i % 3 ? {} : { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag, url).toBe(etag);
    }
    // The page's own render, rendered without the query (the page reads none).
    expect((await app.inject({ url: '/?x=1' })).body).toContain('<h1>Rendered /</h1>');
    expect(renders).toHaveBeenCalledTimes(1);
    expect(app.ssr.cached).toBe(cached);
    // HTML and its two compressed forms, and nothing more.
    expect(app.ssr.cachedBytes).toBeGreaterThan(Buffer.byteLength(first.body));
    expect(app.ssr.cachedBytes).toBeLessThan(3 * Buffer.byteLength(first.body) * cached);
    renders.mockRestore();
  });

  it('with PUBLIC_URL set, made-up hosts do not grow the page or the public read caches', async () => {
    const own = { host: 'tinytitans.example', 'x-forwarded-proto': 'https' };
    for (const url of ['/', '/api/events', '/sitemap.xml']) expect((await site.inject({ url, headers: own })).statusCode, url).toBe(200);
    const pages = site.ssr.cached;
    const answers = site.publicCache.size;
    expect(pages).toBeGreaterThan(0);
    expect(answers).toBeGreaterThan(0);
    for (let i = 0; i < 50; i++) {
      const forged = [{ host: `h${i}.forged.example` }, { host: 'tinytitans.example', 'x-forwarded-host': `f${i}.forged.example` }, { host: `tinytitans.example:${1000 + i}` }];
      for (const headers of forged) {
        for (const url of ['/', `/?x=${i}`, '/api/events', '/sitemap.xml']) {
          const res = await site.inject({ url, headers });
          expect(res.statusCode, url).toBe(200);
          expect(res.body).not.toContain('forged');
        }
      }
    }
    expect(site.ssr.cached).toBe(pages);
    expect(site.publicCache.size).toBe(answers);
  });

  it('with PUBLIC_URL set, no published URL takes the Host header', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    for (const url of ['/sitemap.xml', '/robots.txt', '/api/blogs/rss.xml', '/', '/privacy']) {
      const res = await site.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('evil.example');
    }
    expect((await site.inject({ url: '/robots.txt', headers })).body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect((await site.inject({ url: '/sitemap.xml', headers })).body).toContain(`<loc>${PUBLIC}/`);
    const page = (await site.inject({ url: '/privacy', headers })).body;
    expect(page).toContain(`<link rel="canonical" href="${PUBLIC}/privacy" />`);
    expect(page).toContain(`<meta property="og:url" content="${PUBLIC}/privacy" />`);
  });
});
