import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, uniqueSlug } from './content-helpers';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest EBML header that declares a WebM document. */
const WEBM_HEADER = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
  Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
]);

describe.each(testDatabases())('blog feed, views and media type on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: 'https://tinytitans.example' } });

  const create = async (overrides: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'A post', slug: uniqueSlug('post'), content: '<p>Hello</p>', status: 'published', ...overrides },
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const bySlug = async (slug: string, headers: Record<string, string> = {}) =>
    (await app.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${slug}`, headers })).json()[0];
  const upload = async (bytes: Buffer) => {
    const boundary = '----blog-media-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="f"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/ipfs/upload-image',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...adminHeaders(app) },
    });
    return res.json().cid as string;
  };

  it('escapes feed text exactly once', async () => {
    const blog = await create({ title: 'Fish & chips', content: '<p>Salt &amp; vinegar &lt;3 &quot;best&quot;</p>' });
    const feed = (await app.inject({ method: 'GET', url: '/api/blogs/rss.xml' })).body;
    const item = feed.slice(feed.indexOf(`<title>Fish &amp; chips</title>`));
    expect(item).toContain(`/blog/${blog.slug}</link>`);
    // A reader decodes this to: Salt & vinegar <3 "best".
    expect(item).toContain('<description>Salt &amp; vinegar &lt;3 &quot;best&quot;</description>');
    expect(feed).not.toContain('&amp;amp;');
    expect(feed).not.toContain('&amp;lt;');
  });

  it('counts no view for a read, an admin\'s or the public\'s', async () => {
    const { slug } = await create({});
    expect((await bySlug(slug)).views_count).toBe(0);
    expect((await bySlug(slug, adminHeaders(app))).views_count).toBe(0);
    expect((await bySlug(slug, { 'user-agent': 'another browser' })).views_count).toBe(0);
  });

  it('counts a beacon once per address, post and day, whatever the user agent, and stores no clear-text identity', async () => {
    const { id, slug } = await create({});
    const from = (ip: string, ua = 'Reader/1.0') => app.inject({ method: 'POST', url: `/api/blogs/${id}/views`, remoteAddress: ip, headers: { 'user-agent': ua } });
    const counts = [];
    for (const [ip, ua] of [['10.1.0.1'], ['10.1.0.1'], ['10.1.0.1'], ['10.1.0.2'], ['10.1.0.1', 'Other/2.0'], ['10.1.0.2']] as const) {
      await from(ip, ua);
      counts.push((await bySlug(slug, adminHeaders(app))).views_count);
    }
    expect(counts).toEqual([1, 1, 1, 2, 2, 2]);
    // Concurrent beacons from one address count once.
    await Promise.all(Array.from({ length: 5 }, () => from('10.1.0.9')));
    expect((await bySlug(slug, adminHeaders(app))).views_count).toBe(3);
    // Views are written in batches (blogs/views.ts).
    await app.blogs.flushViews();
    const stored = await app.database.withSession((s) => s.query<{ visitor: string; day: string }>('SELECT visitor, day::text FROM blog_views'));
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toMatch(/10\.1\.0|Reader|Other/);
    expect(stored.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.day))).toBe(true);
  });

  it('answers media_type from the stored upload, or from a URL\'s file name', async () => {
    const image = await upload(PNG_1PX);
    const video = await upload(WEBM_HEADER);
    const cases: [string | null, string | null][] = [
      [image, 'image'],
      [video, 'video'],
      ['https://media.example/clip.MP4?x=1', 'video'],
      ['https://media.example/clip.ogg', 'video'],
      ['https://media.example/photo.jpg', 'image'],
      // A CID this store has never seen: the spec's default, an image.
      ['bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', 'image'],
      [null, null],
    ];
    for (const [ref, type] of cases) {
      const created = await create({ media_cid: ref });
      expect(created.media_type).toBe(type);
      expect((await bySlug(created.slug)).media_type).toBe(type);
    }
    const listed = (await app.inject({ method: 'GET', url: '/api/blogs/search?field=status&value=published' })).json();
    expect(listed.every((b: { media_type: unknown }) => b.media_type === null || b.media_type === 'image' || b.media_type === 'video')).toBe(true);
  });
});
