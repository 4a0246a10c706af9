import type { FastifyInstance } from 'fastify';

/** Published blogs, published events and active packages, each at its public page. */
export function addContentSitemapSources(app: FastifyInstance): void {
  app.sitemap.addSource(async () => (await app.blogs.publicSlugs()).map(({ slug }) => `/blog/${slug}`));
  app.sitemap.addSource(async () => (await app.events.publicSlugs()).map(({ slug }) => `/event/${slug}`));
  app.sitemap.addSource(async () => (await app.packages.publicSlugs()).map(({ slug }) => `/packages/${slug}`));
}
