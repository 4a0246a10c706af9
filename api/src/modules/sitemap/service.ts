import fp from 'fastify-plugin';
import { z } from 'zod';
import { SERVICE_SLUGS } from '@site/shared/contracts/marketing';
import { publicOrigin } from '../../lib/origin';
import { setOriginDocumentCaching } from '../../lib/origin-cache';
import { blogFeed } from '@site/shared/site-config';
import { escapeMarkup } from '../../lib/escape';

/** A source of public paths (e.g. `/blog/my-post`), asked on every sitemap request. */
export type SitemapSource = () => Promise<string[]>;

export interface SitemapRegistry {
  /** Content modules (blogs, events, packages) add their public paths here when they register. */
  addSource(source: SitemapSource): void;
  /** Every public path: the static pages first, then each source's, without duplicates. */
  paths(): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sitemap: SitemapRegistry;
  }
}

/** The public pages that exist whatever the database holds. */
export const STATIC_PATHS: readonly string[] = [
  '/',
  '/community',
  '/contact',
  '/refund',
  '/privacy',
  '/terms',
  ...SERVICE_SLUGS.map((slug) => `/services/${slug}`),
];

export function createSitemapRegistry(log: { warn: (obj: object, msg: string) => void }): SitemapRegistry {
  const sources: SitemapSource[] = [];
  return {
    addSource(source) {
      sources.push(source);
    },
    async paths() {
      const dynamic = await Promise.all(
        sources.map(async (source) => {
          try {
            return await source();
          } catch (error) {
            // One failing module must not take the whole sitemap down.
            log.warn({ err: { message: (error as Error).message } }, 'sitemap source failed');
            return [];
          }
        }),
      );
      const valid = dynamic.flat().filter((path) => path.startsWith('/') && !path.startsWith('//'));
      return [...new Set([...STATIC_PATHS, ...valid])];
    },
  };
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeMarkup(new URL(path, origin).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /orders',
    // The blog's feed is for readers and crawlers alike; the rest of the api is not.
    `Allow: ${blogFeed.path}`,
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * Decorates the app with the sitemap registry and serves /robots.txt and /sitemap.xml at the site
 * root (not under /api), with absolute URLs from PUBLIC_URL or the request's origin.
 */
export const sitemapPlugin = fp(
  async (app) => {
    const { config } = app;
    app.decorate('sitemap', createSitemapRegistry(app.log));
    const Text = z.string();

    app.get(
      '/robots.txt',
      { schema: { tags: ['seo'], summary: 'Crawler rules', produces: ['text/plain'], response: { 200: Text } } },
      async (request, reply) =>
        setOriginDocumentCaching(reply.type('text/plain; charset=utf-8'), config, 3600).send(robotsTxt(publicOrigin(config, request))),
    );

    app.get(
      '/sitemap.xml',
      {
        schema: { tags: ['seo'], summary: 'Every public page', produces: ['application/xml'], response: { 200: Text } },
        ...app.publicCache.route({ tags: ['blogs', 'events', 'packages'] }),
      },
      async (request, reply) => {
        const xml = sitemapXml(publicOrigin(config, request), await app.sitemap.paths());
        return setOriginDocumentCaching(reply.type('application/xml; charset=utf-8'), config, 600).send(xml);
      },
    );
  },
  { name: 'sitemap', dependencies: ['public-cache'] },
);
