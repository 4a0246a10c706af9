import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { registerTestAdmin, testConfig } from './app';
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

const visitor = (n: number) => ({ remoteAddress: `10.9.0.${n}`, headers: { 'user-agent': 'Reader/1.0' } });

describe.each(testDatabases())('blog views counted in memory on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await fakeWebRoot();
    database = await target.open();
    app = await buildApp({ config: testConfig({ WEB_ROOT: webRoot, ...NO_TIMED_FLUSH }), database, logger: false });
    await app.ready();
    await registerTestAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await target.dispose();
    await rm(webRoot, { recursive: true, force: true });
  });

  const read = async (slug: string, n: number) =>
    (await app.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${slug}`, ...visitor(n) })).json()[0].views_count as number;

  it('writes nothing on a visit; a flush adds each new visitor once', async () => {
    const post = await publish(app);
    expect(await read(post.slug, 1)).toBe(1);
    expect(await read(post.slug, 1)).toBe(1);
    expect(await read(post.slug, 2)).toBe(2);
    // Server-rendered visits count too: the first renders the page, the others are served it kept.
    for (const n of [1, 3, 4, 4]) {
      const page = await app.inject({ method: 'GET', url: `/blog/${post.slug}`, ...visitor(n) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`Rendered /blog/${post.slug}`);
    }
    expect(app.ssr.cached).toBeGreaterThan(0);
    // Once the day's key is loaded, a visit is counted without awaiting anything.
    expect(app.blogs.countView(post.id, { ip: '10.9.0.4', userAgent: 'Reader/1.0' })).toBeUndefined();
    expect(await stored(database, post.id)).toEqual({ views: 0, rows: 0 });
    // Answers include the views not yet written.
    expect(await read(post.slug, 1)).toBe(4);
    const admin = await app.inject({ method: 'GET', url: '/api/admin/blogs?page=1&page_size=100', headers: adminHeaders(app) });
    expect(admin.statusCode).toBe(200);
    expect((admin.json().items as { id: string; views_count: number }[]).find((item) => item.id === post.id)?.views_count).toBe(4);

    await app.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 4, rows: 4 });
    expect(await read(post.slug, 1)).toBe(4);
    // Known visitors stay counted once; a new one waits for the next flush.
    expect(await read(post.slug, 3)).toBe(4);
    expect(await read(post.slug, 5)).toBe(5);
    await app.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 5, rows: 5 });
    await app.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 5, rows: 5 });
  });

  it('does not count a post archived before the flush', async () => {
    const post = await publish(app);
    expect(await read(post.slug, 1)).toBe(1);
    await app.inject({ method: 'PUT', url: '/api/blogs/archive', headers: adminHeaders(app), payload: { ids: [post.id] } });
    await app.blogs.flushViews();
    expect(await stored(database, post.id)).toEqual({ views: 0, rows: 0 });
  });

  it('writes the views counted when the server shuts down', async () => {
    const post = await publish(app);
    const other = await buildApp({ config: testConfig(NO_TIMED_FLUSH), database, logger: false, serveWeb: false });
    await other.ready();
    const res = await other.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${post.slug}`, ...visitor(7) });
    expect(res.json()[0].views_count).toBe(1);
    expect(await stored(database, post.id)).toEqual({ views: 0, rows: 0 });
    await other.close();
    expect(await stored(database, post.id)).toEqual({ views: 1, rows: 1 });
  });
});

// Two instances on one PostgreSQL database: each adds its own views, a visitor of both counts once.
const postgres = testDatabases().filter((target) => target.name === 'postgres');
for (const target of postgres) describe('blog views across two instances on PostgreSQL', () => {
  let one: FastifyInstance;
  let two: FastifyInstance;
  let database: Database;
  let closeSecond: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    database = await target.open();
    one = await buildApp({ config: testConfig(NO_TIMED_FLUSH), database, logger: false, serveWeb: false });
    await one.ready();
    await registerTestAdmin(one);
    const { openDatabase } = await import('../src/db/database');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const current = (await database.withSession((s) => s.query<{ name: string }>('SELECT current_database() AS name')))[0]!.name;
    url.pathname = `/${current}`;
    const second = await openDatabase({ kind: 'postgres', url: url.href });
    two = await buildApp({ config: testConfig(NO_TIMED_FLUSH), database: second, logger: false, serveWeb: false });
    await two.ready();
    closeSecond = () => second.close();
  });
  afterAll(async () => {
    await two?.close();
    await closeSecond?.();
    await one?.close();
    await target.dispose();
  });

  it('adds each instance\'s views to the stored count', async () => {
    const post = await publish(one);
    const readOn = async (app: FastifyInstance, n: number) =>
      app.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${post.slug}`, ...visitor(n) });
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
