import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createEvent } from './content-helpers';

describe.each(testDatabases())('sample content and public slugs on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  it('ships published sample blogs, one with an image served by the local gateway', async () => {
    const blogs = (await app.inject({ method: 'GET', url: '/api/blogs/search?field=status&value=published' })).json();
    const samples = blogs.filter((b: { slug: string }) => b.slug.startsWith('sample-'));
    expect(samples.length).toBeGreaterThanOrEqual(3);
    expect(samples.every((b: { title: string }) => b.title.startsWith('Sample'))).toBe(true);
    const withImage = samples.filter((b: { media_cid: string | null }) => b.media_cid);
    expect(withImage.length).toBeGreaterThan(0);
    for (const blog of withImage) {
      const image = await app.inject({ method: 'GET', url: `/ipfs/${blog.media_cid}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml');
    }
  });

  it('ships upcoming published sample events and subscription and event sample packages, linked both ways', async () => {
    const events = (await app.inject({ method: 'GET', url: '/api/events' })).json();
    const samples = events.filter((e: { slug: string }) => e.slug.startsWith('sample-'));
    expect(samples.length).toBeGreaterThanOrEqual(3);
    expect(samples.every((e: { start_time: string }) => Date.parse(e.start_time) > Date.now())).toBe(true);
    const packages = (await app.inject({ method: 'GET', url: '/api/packages/search?field=is_active&value=true', headers: adminHeaders(app) })).json();
    const types = new Set(packages.filter((p: { slug: string }) => p.slug.startsWith('sample-')).map((p: { package_type: string }) => p.package_type));
    expect(types).toEqual(new Set(['subscription', 'event']));
    for (const pkg of packages.filter((p: { event_id: string | null }) => p.event_id)) {
      expect(events.find((e: { id: string }) => e.id === pkg.event_id)?.packages_ids).toContain(pkg.id);
    }
  });

  it('lists the public slugs for the sitemap', async () => {
    const draft = await createEvent(app, { status: 'draft' });
    const eventSlugs = (await app.events.publicSlugs()).map((s) => s.slug);
    expect(eventSlugs).toContain('sample-ai-agents-workshop');
    expect(eventSlugs).not.toContain(draft.slug);
    expect((await app.blogs.publicSlugs()).map((s) => s.slug)).toContain('sample-automation-checklist');
    const packageSlugs = await app.packages.publicSlugs();
    expect(packageSlugs.map((s) => s.slug)).toContain('sample-community-membership');
    expect(packageSlugs[0]?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('documents the content routes in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/blogs/search', '/api/events', '/api/packages/public/search', '/api/ipfs/upload-image', '/api/blogs/rss.xml']) {
      expect(paths).toContain(path);
    }
  });
});
