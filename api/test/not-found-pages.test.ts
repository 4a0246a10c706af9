import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { createBlog, createEvent } from './content-helpers';
import { fakeWebRoot } from './ssr-helpers';

const NOINDEX = '<meta name="robots" content="noindex" />';

describe.each(testDatabases())('pages that find nothing on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: 'http://localhost' }, webRoot: fakeWebRoot });

  it('answers an unknown path 404 with the rendered not-found page, its own title and noindex', async () => {
    const res = await app.inject({ url: '/no-such-page?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<h1>Rendered /no-such-page</h1>');
    expect(res.body).toContain('<title>Page not found | Tiny Titans AI</title>');
    expect(res.body).toContain(NOINDEX);
  });

  it('keeps one not-found page for every unknown path', async () => {
    await app.inject({ url: '/nowhere-1' });
    const kept = app.ssr.cached;
    for (const url of ['/nowhere-2', '/nowhere-3/deeper', '/blog']) expect((await app.inject({ url })).statusCode, url).toBe(404);
    expect(app.ssr.cached).toBe(kept);
  });

  it.each([
    ['/blog/no-such-post', 'Blog not found'],
    ['/event/no-such-event', 'Event not found'],
    ['/packages/no-such-package', 'Package not found'],
  ])('answers %s 404, titled %s, with noindex', async (url, title) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`<title>${title} | Tiny Titans AI</title>`);
    expect(res.body).toContain(NOINDEX);
    // Asked again, it is still a 404 (a kept page keeps its status).
    expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it('answers a draft post 404 and a published one 200 without noindex', async () => {
    const draft = await createBlog(app, { status: 'draft' });
    expect((await app.inject({ url: `/blog/${draft.slug}` })).statusCode).toBe(404);
    const post = await createBlog(app);
    const res = await app.inject({ url: `/blog/${post.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(NOINDEX);
  });

  it('answers a page that exists 200 (an event, a fixed page, the pages left to the browser)', async () => {
    const event = await createEvent(app);
    for (const url of [`/event/${event.slug}`, '/privacy', '/login', '/admin', '/orders']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(NOINDEX);
    }
  });

  it('answers 404 for an unknown path even when the page is left to the browser (another host)', async () => {
    const res = await app.inject({ url: '/no-such-page', headers: { host: 'elsewhere.example' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(NOINDEX);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
