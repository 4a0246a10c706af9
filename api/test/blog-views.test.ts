import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database';
import { buildTestApp, useTestApp, useTestInstances } from './app';
import { testDatabases } from './databases';
import { adminHeaders, uniqueSlug } from './content-helpers';
import { fakeWebRoot } from './ssr-helpers';

/** No timed flush during a test: views are written when the test says (or on shutdown). */
const NO_TIMED_FLUSH = { BLOG_VIEWS_FLUSH_MS: '3600000' };

/** What the database holds for a post: its count and its (post, day, visitor) rows. */
async function stored(database: Database, id: string): Promise<{ views: number; rows: number }> {
  const [row] = await database.withSession((s) =>
    s.query<{ views: number; rows: number }>(
      `SELECT views_count AS views, (SELECT count(*)::int FROM blog_views WHERE blog_id = $1) AS rows FROM blogs WHERE id = $1`,
      [id],
    ),
  );
  return row!;
}

async function publish(app: FastifyInstance): Promise<{ id: string; slug: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: adminHeaders(app),
    payload: { title: 'Counted', slug: uniqueSlug('views'), content: '<p>Read me</p>', status: 'published' },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** A reader's beacon from address 10.9.0.n, as the post's page sends it. */
const beacon = (app: FastifyInstance, id: string, n: number, userAgent = 'Reader/1.0') =>
  app.inject({ method: 'POST', url: `/api/blogs/${id}/views`, remoteAddress: `10.9.0.${n}`, headers: { 'user-agent': userAgent } });

/** The post's count as the admin list shows it (stored plus not yet written). */
async function shown(app: FastifyInstance, id: string): Promise<number | undefined> {
  const admin = await app.inject({ method: 'GET', url: '/api/admin/blogs?page=1&page_size=100', headers: adminHeaders(app) });
  expect(admin.statusCode).toBe(200);
  return (admin.json().items as { id: string; views_count: number }[]).find((item) => item.id === id)?.views_count;
}

describe.each(testDatabases())('blog views counted from the page\'s beacon on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  useTestApp(
    target,
    (built) => {
      app = built;
      database = built.database;
    },
    { env: NO_TIMED_FLUSH, webRoot: fakeWebRoot },
  );

  it('counts each address once a day, whatever its user agent; reads and rendered pages count nothing', async () => {
    const post = await publish(app);
    // The page and the read the browser makes of it count nothing: only the beacon does.
    for (const n of [1, 2]) {
      const page = await app.inject({ method: 'GET', url: `/blog/${post.slug}`, remoteAddress: `10.9.0.${n}` });
      expect(page.body).toContain(`Rendered /blog/${post.slug}`);
      await app.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${post.slug}`, remoteAddress: `10.9.0.${n}` });
    }
    expect(await shown(app, post.id)).toBe(0);

    expect((await beacon(app, post.id, 1)).statusCode).toBe(204);
    expect(await shown(app, post.id)).toBe(1);
    // The same address again the same day, or with another user agent: not counted again.
    expect((await beacon(app, post.id, 1)).statusCode).toBe(204);
    for (const userAgent of ['Other/2.0', 'Rotated/3.0', '']) await beacon(app, post.id, 1, userAgent);
    expect(await shown(app, post.id)).toBe(1);
    // Another address is another reader.
    await beacon(app, post.id, 2);
    expect(await shown(app, post.id)).toBe(2);
    expect(await stored(database, post.id)).toEqual({ views: 0, rows: 0 });

    await app.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 2, rows: 2 });
    // Known readers stay counted once; a new one waits for the next flush.
    await beacon(app, post.id, 2);
    await beacon(app, post.id, 3);
    expect(await shown(app, post.id)).toBe(3);
    await app.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 3, rows: 3 });
    await app.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 3, rows: 3 });
  });

  it('refuses an id that is not one, and counts nothing for a post that is not published', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/blogs/not-an-id/views' })).statusCode).toBe(400);
    const draft = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'Draft', slug: uniqueSlug('draft'), content: '<p>Not yet</p>', status: 'draft' },
    });
    const { id } = draft.json() as { id: string };
    expect((await beacon(app, id, 4)).statusCode).toBe(204);
    await app.blogs.flushViews();
    expect(await stored(database, id)).toEqual({ views: 0, rows: 0 });
  });

  it('limits how many beacons an address sends', async () => {
    const post = await publish(app);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await beacon(app, post.id, 99)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('does not count a post archived before the flush', async () => {
    const post = await publish(app);
    await beacon(app, post.id, 1);
    await app.inject({ method: 'PUT', url: '/api/blogs/archive', headers: adminHeaders(app), payload: { ids: [post.id] } });
    await app.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 0, rows: 0 });
  });

  it('writes the views counted when the server shuts down', async () => {
    const post = await publish(app);
    const other = await buildTestApp(database, { env: NO_TIMED_FLUSH });
    expect((await beacon(other, post.id, 7)).statusCode).toBe(204);
    expect(await stored(database, post.id)).toEqual({ views: 0, rows: 0 });
    await other.close();
    expect(await stored(database, post.id)).toEqual({ views: 1, rows: 1 });
  });
});

// Two instances on one PostgreSQL database: each adds its own views, a reader of both counts once.
const postgres = testDatabases().filter((target) => target.name === 'postgres');
for (const target of postgres) describe('blog views across two instances on PostgreSQL', () => {
  let one: FastifyInstance;
  let two: FastifyInstance;
  let database: Database;

  useTestInstances(target, [{ env: NO_TIMED_FLUSH }, { env: NO_TIMED_FLUSH, ownConnection: true }], (apps) => {
    [one, two] = apps as [FastifyInstance, FastifyInstance];
    database = one.database;
  });

  it('adds each instance\'s views to the stored count', async () => {
    const post = await publish(one);
    const readOn = (app: FastifyInstance, n: number) => beacon(app, post.id, n);
    for (const n of [1, 2, 3]) await readOn(one, n);
    for (const n of [3, 4]) await readOn(two, n);
    await Promise.all([one.blogs.flushViews(), two.blogs.flushViews()]);
    // Visitor 3 read on both instances: counted once.
    expect(await stored(database, post.id)).toEqual({ views: 4, rows: 4 });
    await readOn(two, 5);
    await readOn(one, 6);
    await two.blogs.flushViews();
    await one.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 6, rows: 6 });
  });
});
