import type { FastifyInstance } from 'fastify';
import { listPublicBlogSlugs } from '../blogs/service';
import { listPublicEventSlugs } from '../events/service';
import { listPublicPackageSlugs } from '../packages/service';

/** Published blogs, published events and active packages, each at its public page. */
export function addContentSitemapSources(app: FastifyInstance): void {
  const { db } = app.database;
  app.sitemap.addSource(async () => (await listPublicBlogSlugs(db)).map(({ slug }) => `/blog/${slug}`));
  app.sitemap.addSource(async () => (await listPublicEventSlugs(db)).map(({ slug }) => `/event/${slug}`));
  app.sitemap.addSource(async () => (await listPublicPackageSlugs(db)).map(({ slug }) => `/packages/${slug}`));
}
