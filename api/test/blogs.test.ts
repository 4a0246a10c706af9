import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp, testAdminId } from './app';
import { testDatabases } from './databases';
import { adminHeaders, uniqueSlug, userHeaders } from './content-helpers';

describe.each(testDatabases())('blogs on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: 'https://tinytitans.example' } });

  const create = async (payload: Record<string, unknown>, headers = adminHeaders(app)) =>
    app.inject({ method: 'POST', url: '/api/blogs', headers, payload });
  const search = async (field: string, value: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/blogs/search?field=${field}&value=${encodeURIComponent(value)}`, headers });
  const post = (overrides: Record<string, unknown> = {}) => ({
    title: 'A post',
    slug: uniqueSlug('post'),
    content: '<p>Hello <strong>world</strong></p>',
    status: 'published',
    ...overrides,
  });

  it('refuses to create without a token (401) or as a non-admin (403)', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/blogs', payload: post() })).statusCode).toBe(401);
    expect((await create(post(), userHeaders(app))).statusCode).toBe(403);
  });

  it('creates a post with the author taken from the token, not the body', async () => {
    const sub = testAdminId(app);
    const res = await create(post({ author_id: randomUUID(), summary: 'Short' }), adminHeaders(app, sub));
    expect(res.statusCode).toBe(201);
    const blog = res.json();
    expect(blog).toMatchObject({ author_id: sub, status: 'published', summary: 'Short', views_count: 0, deleted_at: null });
    expect(blog.published_at).not.toBeNull();
  });

  it('rejects unknown fields, bad slugs and duplicate slugs', async () => {
    expect((await create(post({ extra: 1 }))).statusCode).toBe(400);
    expect((await create(post({ slug: 'Not A Slug' }))).statusCode).toBe(400);
    const slug = uniqueSlug('dup');
    expect((await create(post({ slug }))).statusCode).toBe(201);
    const dup = await create(post({ slug }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'slug_taken', message: 'A blog post with this slug already exists.' });
  });

  it('sanitizes HTML on write: scripts, handlers and javascript: URLs never come back', async () => {
    const res = await create(
      post({
        content:
          '<p>Safe</p><script>alert(1)</script><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
          '<iframe src="https://evil.example"></iframe><style>p{}</style><form><input></form>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { slug } = res.json();
    const [stored] = (await search('slug', slug)).json();
    for (const forbidden of ['<script', 'alert(1)', 'onerror', 'javascript:', '<iframe', '<style', '<form', '<input']) {
      expect(stored.content).not.toContain(forbidden);
    }
    expect(stored.content).toContain('<p>Safe</p>');
    expect(stored.content).toContain('<img src="x.png" alt="" />');
  });

  it('refuses content that is empty once sanitized', async () => {
    const res = await create(post({ content: '<script>only()</script>' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Slug, title, and content cannot be empty.');
  });

  it('shows the public only published, not deleted posts; admins see every status', async () => {
    const draft = (await create(post({ status: 'draft' }))).json();
    expect((await search('slug', draft.slug)).json()).toEqual([]);
    expect((await search('status', 'draft')).json()).toEqual([]);
    const asAdmin = (await search('status', 'draft', adminHeaders(app))).json();
    expect(asAdmin.map((b: { slug: string }) => b.slug)).toContain(draft.slug);
    expect((await search('slug', draft.slug, adminHeaders(app))).json()[0].status).toBe('draft');
    // A non-admin token changes nothing.
    expect((await search('status', 'draft', userHeaders(app))).json()).toEqual([]);

    const published = (await search('status', 'published')).json();
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((b: { status: string; deleted_at: string | null }) => b.status === 'published' && !b.deleted_at)).toBe(true);

    const gone = (await create(post())).json();
    await app.database.withSession((s) => s.query('UPDATE blogs SET deleted_at = now() WHERE id = $1', [gone.id]));
    expect((await search('slug', gone.slug)).json()).toEqual([]);
    expect((await search('status', 'published')).json().map((b: { id: string }) => b.id)).not.toContain(gone.id);
  });

  it('refuses search fields outside the allow-list and bad values with 400', async () => {
    expect((await search('title', 'x')).statusCode).toBe(400);
    expect((await search('author_id', 'x')).statusCode).toBe(400);
    expect((await search('status', 'secret')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/blogs/search?field=slug' })).statusCode).toBe(400);
  });

  it('counts a view from the post page\'s beacon, once per reader and day; a read counts none', async () => {
    const { id, slug } = (await create(post())).json();
    expect((await search('slug', slug)).json()[0].views_count).toBe(0);
    const view = (ip: string) => app.inject({ method: 'POST', url: `/api/blogs/${id}/views`, remoteAddress: ip });
    expect((await view('10.2.0.1')).statusCode).toBe(204);
    await view('10.2.0.1');
    await view('10.2.0.2');
    // Admins read fresh answers, not the public's cached ones.
    expect((await search('slug', slug, adminHeaders(app))).json()[0].views_count).toBe(2);
    const listed = (await search('status', 'published', adminHeaders(app))).json().find((b: { slug: string }) => b.slug === slug);
    expect(listed.views_count).toBe(2);
  });

  it('updates a post (admin only), re-sanitizing content', async () => {
    const blog = (await create(post({ status: 'draft' }))).json();
    const url = `/api/blogs/${blog.id}`;
    expect((await app.inject({ method: 'PUT', url, payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url, headers: userHeaders(app), payload: { title: 'x' } })).statusCode).toBe(403);
    const res = await app.inject({
      method: 'PUT',
      url,
      headers: adminHeaders(app),
      payload: { title: 'Renamed', content: '<p onclick="x()">Body</p>', status: 'published' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Renamed', content: '<p>Body</p>', status: 'published' });
    expect(res.json().published_at).not.toBeNull();
    expect((await app.inject({ method: 'PUT', url, headers: adminHeaders(app), payload: { nope: 1 } })).statusCode).toBe(400);
    const missing = await app.inject({ method: 'PUT', url: `/api/blogs/${randomUUID()}`, headers: adminHeaders(app), payload: { title: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  it('archives a list of posts and reactivates archived or deleted ones', async () => {
    const a = (await create(post())).json();
    const b = (await create(post({ status: 'draft' }))).json();
    const archive = (headers: Record<string, string>) =>
      app.inject({ method: 'PUT', url: '/api/blogs/archive', headers, payload: { ids: [a.id, b.id] } });
    expect((await app.inject({ method: 'PUT', url: '/api/blogs/archive', payload: { ids: [a.id] } })).statusCode).toBe(401);
    expect((await archive(userHeaders(app))).statusCode).toBe(403);
    const res = await archive(adminHeaders(app));
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { status: string }) => x.status)).toEqual(['archived', 'archived']);
    expect((await search('slug', a.slug)).json()).toEqual([]);

    const reactivate = (id: string, headers: Record<string, string>) =>
      app.inject({ method: 'PUT', url: `/api/blogs/${id}/reactivate`, headers });
    expect((await reactivate(a.id, userHeaders(app))).statusCode).toBe(403);
    expect((await reactivate(a.id, adminHeaders(app))).json().status).toBe('published');
    expect((await reactivate(b.id, adminHeaders(app))).json().status).toBe('draft');
    expect((await reactivate(a.id, adminHeaders(app))).statusCode).toBe(409);

    await app.database.withSession((s) => s.query('UPDATE blogs SET deleted_at = now() WHERE id = $1', [a.id]));
    const back = await reactivate(a.id, adminHeaders(app));
    expect(back.json()).toMatchObject({ status: 'published', deleted_at: null });
    expect((await search('slug', a.slug)).json()).toHaveLength(1);
  });

  it('serves published posts as RSS 2.0 with absolute links', async () => {
    const visible = (await create(post({ title: 'Feed <me> & you' }))).json();
    const hidden = (await create(post({ status: 'draft' }))).json();
    const res = await app.inject({ method: 'GET', url: '/api/blogs/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(res.body).toContain(`<link>https://tinytitans.example/blog/${visible.slug}</link>`);
    expect(res.body).toContain('<title>Feed &lt;me&gt; &amp; you</title>');
    expect(res.body).not.toContain(hidden.slug);
    expect(res.body).toContain('<link>https://tinytitans.example/community</link>');
  });
});
