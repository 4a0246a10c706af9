import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PUBLISH_QUEUE } from '../src/modules/blogs/publication';
import { adminHeaders, createBlog, uniqueSlug } from './content-helpers';
import { useTestInstances } from './app';
import { FAST_JOBS_ENV, jobsTargets, until } from './jobs-helpers';

const HOUR = 3_600_000;

describe.each(jobsTargets())('scheduled blog posts on $name', (target) => {
  let app: FastifyInstance;
  /** A second instance on the same PostgreSQL database (on PGlite, the same app). */
  let other: FastifyInstance;

  const second = target.name === 'postgres' ? [{ env: { ...FAST_JOBS_ENV, JOBS_WORKER: '0' }, ownConnection: true }] : [];
  useTestInstances(target, [{ env: FAST_JOBS_ENV }, ...second], ([first, another]) => {
    app = first!;
    other = another ?? app;
  });

  /** Everything the public sees of posts, as one instance answers it (cached where it caches). */
  const publicView = async (instance: FastifyInstance, slug: string) => {
    const list = (await instance.inject({ method: 'GET', url: '/api/blogs/search?field=status&value=published' })).json() as { slug: string }[];
    const page = (await instance.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${slug}` })).json() as unknown[];
    const rss = (await instance.inject({ method: 'GET', url: '/api/blogs/rss.xml' })).body;
    const sitemap = (await instance.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    return { list: list.some((post) => post.slug === slug), page: page.length === 1, rss: rss.includes(slug), sitemap: sitemap.includes(`/blog/${slug}`) };
  };
  const hidden = { list: false, page: false, rss: false, sitemap: false };
  const shown = { list: true, page: true, rss: true, sitemap: true };

  it('hides a post dated ahead everywhere until its time, then shows it on every instance', async () => {
    const slug = uniqueSlug('scheduled');
    const at = new Date(Date.now() + 2 * HOUR).toISOString();
    const post = await createBlog(app, { slug, published_at: at });
    expect(await publicView(app, slug)).toEqual(hidden);
    expect(await publicView(other, slug)).toEqual(hidden);
    // The admin sees it, scheduled.
    const mine = await app.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${slug}`, headers: adminHeaders(app) });
    expect(mine.json()[0]).toMatchObject({ status: 'published', published_at: at });
    // Its publication job waits for that time.
    const [job] = await app.jobs.boss.findJobs<{ blogId: string; at: string }>(PUBLISH_QUEUE, { data: { blogId: post.id }, queued: true });
    expect(new Date(job!.startAfter).toISOString()).toBe(at);

    // The time comes (the post's date moved to now, instead of waiting two hours): the answers
    // cached before still hide it until the job runs.
    await app.database.db.execute(sql`UPDATE blogs SET published_at = now() - interval '1 second' WHERE id = ${post.id}`);
    expect((await publicView(app, slug)).rss).toBe(false);
    expect((await publicView(other, slug)).sitemap).toBe(false);
    await app.jobs.send(PUBLISH_QUEUE, job!.data);
    await until(async () => (await publicView(app, slug)).rss && (await publicView(other, slug)).sitemap, 'the post shown once its job ran');
    expect(await publicView(app, slug)).toEqual(shown);
    expect(await publicView(other, slug)).toEqual(shown);
  });

  it('does not count views of a post before its time, and queues no job for a post published now or a draft', async () => {
    const draft = await createBlog(app, { slug: uniqueSlug('draft'), status: 'draft', published_at: new Date(Date.now() + HOUR).toISOString() });
    const now = await createBlog(app, { slug: uniqueSlug('now') });
    for (const post of [draft, now]) expect(await app.jobs.boss.findJobs(PUBLISH_QUEUE, { data: { blogId: post.id }, queued: true })).toEqual([]);

    const ahead = await createBlog(app, { slug: uniqueSlug('ahead'), published_at: new Date(Date.now() + HOUR).toISOString() });
    expect((await app.inject({ method: 'POST', url: `/api/blogs/${ahead.id}/views`, remoteAddress: '203.0.113.9' })).statusCode).toBe(204);
    await app.blogs.flushViews();
    const rows = await app.database.db.execute(sql`SELECT views_count FROM blogs WHERE id = ${ahead.id}`);
    expect((rows as unknown as { rows: { views_count: number }[] }).rows[0]!.views_count).toBe(0);
  });
});
