import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp, useTestInstances } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createEvent, uniqueSlug } from './content-helpers';

const PUBLISHED = '/api/blogs/search?field=status&value=published';

describe.each(testDatabases())('public read cache on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: 'https://tinytitans.example' } });

  // Requests for PUBLIC_URL's host (another host is answered but not kept: cache-churn.test.ts).
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: 'tinytitans.example', ...headers } });
  const slugsOf = async (url: string) => ((await get(url)).json() as { slug: string }[]).map((row) => row.slug);
  const createBlog = async (overrides: Record<string, unknown> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'Cached post', slug: uniqueSlug('cached'), content: '<p>Hi</p>', status: 'published', ...overrides },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; slug: string };
  };
  const put = async (url: string, payload?: object) => {
    const res = await app.inject({ method: 'PUT', url, headers: adminHeaders(app), ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(200);
  };

  it('serves a repeated public read from the cache with an ETag, a short public Cache-Control and 304 on a match', async () => {
    const first = await get(PUBLISHED);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const sizeAfterFirst = app.publicCache.size;
    const second = await get(PUBLISHED);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(app.publicCache.size).toBe(sizeAfterFirst);
    const notModified = await get(PUBLISHED, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get(PUBLISHED, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    for (const url of ['/api/events', '/api/blogs/rss.xml', '/sitemap.xml']) {
      const answer = await get(url);
      const size = app.publicCache.size;
      const again = await get(url, { 'if-none-match': answer.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
      expect(app.publicCache.size, url).toBe(size);
    }
  });

  it('keeps an answer with non-ASCII text as its exact bytes, with the length in bytes', async () => {
    const title = 'Chai — ₹1,999 × 2 for a café';
    const { slug } = await createBlog({ title });
    const url = `/api/blogs/search?field=slug&value=${slug}`;
    const first = await get(url);
    const kept = await get(url);
    for (const answer of [first, kept]) {
      expect(answer.statusCode).toBe(200);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect((answer.json() as { title: string }[])[0]!.title).toBe(title);
    }
    expect(kept.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(kept.headers.etag).toBe(first.headers.etag);
  });

  it('answers a kept read with the headers of the first answer, security headers included, without reading again', async () => {
    const url = '/api/packages/public/search?field=package_type&value=subscription';
    await app.publicCache.invalidate('packages');
    const search = vi.spyOn(app.packages, 'search');
    try {
      const headersOf = (res: { headers: Record<string, unknown> }) => {
        const { date: _date, ...rest } = res.headers;
        return rest;
      };
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(first.headers['x-frame-options']).toBe('DENY');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers.vary).toBe('Authorization');
      for (let i = 0; i < 3; i++) {
        const kept = await get(url);
        expect(kept.body).toBe(first.body);
        expect(headersOf(kept)).toEqual(headersOf(first));
      }
      expect(search).toHaveBeenCalledTimes(1);
      const notModified = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(notModified.statusCode).toBe(304);
      for (const name of ['etag', 'cache-control', 'vary', 'content-security-policy', 'x-frame-options', 'x-content-type-options']) {
        expect(notModified.headers[name], name).toBe(first.headers[name]);
      }
      // A bad query is still refused (only a URL answered 200 is ever kept).
      expect((await get('/api/packages/public/search?field=nope&value=x')).statusCode).toBe(400);
      expect((await get('/api/packages/public/search?field=nope&value=x')).statusCode).toBe(400);
    } finally {
      search.mockRestore();
    }
  });

  it('shows a published post on the next read and drops an archived one, through every write path', async () => {
    await get(PUBLISHED);
    await get('/api/blogs/rss.xml');
    await get('/sitemap.xml');
    const blog = await createBlog();
    expect(await slugsOf(PUBLISHED)).toContain(blog.slug);
    expect((await get('/api/blogs/rss.xml')).body).toContain(`/blog/${blog.slug}`);
    expect((await get('/sitemap.xml')).body).toContain(`/blog/${blog.slug}`);

    await put('/api/blogs/archive', { ids: [blog.id] });
    expect(await slugsOf(PUBLISHED)).not.toContain(blog.slug);
    expect((await get('/api/blogs/rss.xml')).body).not.toContain(`/blog/${blog.slug}`);
    expect((await get('/sitemap.xml')).body).not.toContain(`/blog/${blog.slug}`);

    await put(`/api/blogs/${blog.id}/reactivate`);
    await put(`/api/blogs/${blog.id}`, { status: 'published', title: 'Renamed cached post' });
    const listed = (await get(PUBLISHED)).json() as { slug: string; title: string }[];
    expect(listed.find((row) => row.slug === blog.slug)?.title).toBe('Renamed cached post');
  });

  it('refreshes events and packages on their writes', async () => {
    await get('/api/events');
    const event = await createEvent(app);
    expect(await slugsOf('/api/events')).toContain(event.slug);
    await put(`/api/events/${event.id}`, { status: 'cancelled' });
    const afterCancel = (await get('/api/events')).json() as { slug: string; status: string }[];
    expect(afterCancel.find((row) => row.slug === event.slug)?.status ?? 'gone').not.toBe('published');

    const slug = uniqueSlug('cached-package');
    const url = `/api/packages/public/search?field=slug&value=${slug}`;
    expect(await slugsOf(url)).toEqual([]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: adminHeaders(app),
      payload: { name: 'Cached', slug, price: 100, duration_days: 30, package_type: 'subscription' },
    });
    expect(created.statusCode).toBe(201);
    expect(await slugsOf(url)).toEqual([slug]);
    await put(`/api/packages/${created.json().id}/deactivate`);
    expect(await slugsOf(url)).toEqual([]);
    await put(`/api/packages/${created.json().id}/reactivate`);
    expect(await slugsOf(url)).toEqual([slug]);
    await put(`/api/packages/${created.json().id}`, { is_active: false });
    expect(await slugsOf(url)).toEqual([]);
  });

  it('never caches or serves from the cache what an admin sees (drafts)', async () => {
    const draft = await createBlog({ status: 'draft' });
    const drafts = '/api/blogs/search?field=status&value=draft';
    expect(await slugsOf(drafts)).toEqual([]);
    const asAdmin = await get(drafts, adminHeaders(app));
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(asAdmin.headers.etag).toBeUndefined();
    expect((asAdmin.json() as { slug: string }[]).map((row) => row.slug)).toContain(draft.slug);
    // The public answer cached before is not what the admin got, and the admin's is not cached.
    expect(await slugsOf(drafts)).toEqual([]);
    const adminPublished = await get(PUBLISHED, adminHeaders(app));
    expect(adminPublished.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps a post read by slug until the post changes (a read counts no view: the beacon does)', async () => {
    const blog = await createBlog();
    const bySlug = `/api/blogs/search?field=slug&value=${blog.slug}`;
    const first = await get(bySlug);
    expect(first.json()[0].views_count).toBe(0);
    expect((await get(bySlug, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    await app.inject({ method: 'PUT', url: `/api/blogs/${blog.id}`, headers: adminHeaders(app), payload: { title: 'Renamed by slug' } });
    expect((await get(bySlug)).json()[0].title).toBe('Renamed by slug');
  });
});

// Two instances on one PostgreSQL database: a write on one is seen by the other within a second.
const postgres = testDatabases().filter((target) => target.name === 'postgres');
for (const target of postgres) describe('public read cache across two instances on PostgreSQL', () => {
  let one: FastifyInstance;
  let two: FastifyInstance;

  useTestInstances(target, [{}, { ownConnection: true }], (apps) => {
    [one, two] = apps as [FastifyInstance, FastifyInstance];
  });

  it('forgets on the other instance what a write on one changed', async () => {
    const before = (await two.inject({ method: 'GET', url: PUBLISHED })).json() as { slug: string }[];
    const created = await one.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(one),
      payload: { title: 'Across instances', slug: uniqueSlug('across'), content: '<p>Hi</p>', status: 'published' },
    });
    expect(created.statusCode).toBe(201);
    const { slug } = created.json() as { slug: string };
    expect(before.map((row) => row.slug)).not.toContain(slug);
    await expect
      .poll(async () => ((await two.inject({ method: 'GET', url: PUBLISHED })).json() as { slug: string }[]).map((row) => row.slug), {
        timeout: 1000,
        interval: 50,
      })
      .toContain(slug);
  });
});
