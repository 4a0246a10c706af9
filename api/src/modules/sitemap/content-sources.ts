import type { FastifyInstance } from 'fastify';
import { listPublicBlogSlugs } from '../blogs/service';

/** Published blogs, published events and active packages, each at its public page. */
export function addContentSitemapSources(app: FastifyInstance): void {
  const { db } = app.database;
  app.sitemap.addSource(async () => (await listPublicBlogSlugs(db)).map(({ slug }) => `/blog/${slug}`));
  app.sitemap.addSource(async () => (await app.events.publicSlugs()).map(({ slug }) => `/event/${slug}`));
  app.sitemap.addSource(async () => (await app.packages.publicSlugs()).map(({ slug }) => `/packages/${slug}`));
}
