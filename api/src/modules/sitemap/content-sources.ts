import fp from 'fastify-plugin';

/** Published blogs, published events and active packages, each at its public page. */
export const contentSitemapSources = fp(
  async (app) => {
    app.sitemap.addSource(async () => (await app.blogs.publicSlugs()).map(({ slug }) => `/blog/${slug}`));
    app.sitemap.addSource(async () => (await app.events.publicSlugs()).map(({ slug }) => `/event/${slug}`));
    app.sitemap.addSource(async () => (await app.packages.publicSlugs()).map(({ slug }) => `/packages/${slug}`));
  },
  { name: 'sitemap-content', dependencies: ['sitemap', 'blogs', 'events', 'packages'] },
);
