import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../lib/origin';
import { escapeMarkup } from '../../lib/escape';
import { fullTitle, pageMetaOf, site } from '@site/shared/site-config';
const DESCRIPTION_LENGTH = 160;

export interface PageHead {
  title: string;
  description: string;
  type: 'website' | 'article';
}

export interface PageHeadService {
  /** The shell's index.html with this public page's title, description and OpenGraph/Twitter tags; null when none applies. */
  html(pathname: string, request: FastifyRequest): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageHead: PageHeadService;
  }
}


/** Plain text of stored (sanitized) HTML, cut at a word for a description. */
export function plainText(html: string, max = DESCRIPTION_LENGTH): string {
  const text = html
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th|figure|figcaption)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** Puts the page's head into the shell's HTML: replaces title and description, adds OG and Twitter tags. */
export function withPageHead(template: string, head: PageHead, url: string): string {
  const title = escapeMarkup(fullTitle(head.title));
  const description = escapeMarkup(head.description);
  const tags = [
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:url" content="${escapeMarkup(url)}" />`,
    `<meta property="og:site_name" content="${escapeMarkup(site.name)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
  ].join('\n    ');
  return template
    // Replacer functions: a `$` in a title must not be read as a replacement pattern.
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * The head of public pages (fixed pages from shared/page-meta, as the browser sets them; blog
 * posts, events, packages from their content) written into the server HTML, so link previews and
 * crawlers that run no JavaScript see the page's own title, description and OpenGraph tags.
 * Answers are cached per path and forgotten with the public read cache (any content write).
 */
export const pageHeadPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const indexPath = path.join(config.WEB_ROOT, 'shell', 'dist', 'index.html');
    let template: { html: string; mtimeMs: number } | null = null;
    const heads = new Map<string, PageHead | null>();
    let generation = 0;
    app.publicCache.onInvalidate(() => {
      heads.clear();
      generation += 1;
    });

    const loadTemplate = async (): Promise<string | null> => {
      try {
        // A redeployed shell is picked up without a restart.
        const { mtimeMs } = await stat(indexPath);
        if (!template || template.mtimeMs !== mtimeMs) template = { html: await readFile(indexPath, 'utf8'), mtimeMs };
        return template.html;
      } catch {
        return null;
      }
    };

    const headOf = async (pathname: string): Promise<PageHead | null> => {
      const fixed = pageMetaOf(pathname);
      if (fixed) return { title: fixed.title, description: fixed.description, type: 'website' };
      const match = /^\/(blog|event|packages)\/([^/]+)$/.exec(pathname);
      if (!match) return null;
      const [, kind, rawSlug] = match;
      let slug: string;
      try {
        slug = decodeURIComponent(rawSlug!);
      } catch {
        return null;
      }
      if (kind === 'blog') {
        const blog = await app.blogs.findPublic(slug);
        return blog ? { title: blog.title, description: plainText(blog.content), type: 'article' } : null;
      }
      if (kind === 'event') {
        const [event] = await app.events.search('slug', slug, false);
        return event ? { title: event.title, description: plainText(event.description), type: 'website' } : null;
      }
      const [pkg] = await app.packages.search('slug', slug, false);
      return pkg ? { title: pkg.name, description: plainText(pkg.description ?? pkg.name), type: 'website' } : null;
    };

    app.decorate('pageHead', {
      async html(pathname, request) {
        let head = heads.get(pathname);
        if (head === undefined) {
          const started = generation;
          head = await headOf(pathname);
          // Looked up while content changed: use it once, do not keep it.
          if (started === generation) {
            if (heads.size >= 2000) heads.clear();
            heads.set(pathname, head);
          }
        }
        if (!head) return null;
        const html = await loadTemplate();
        return html ? withPageHead(html, head, `${publicOrigin(config, request)}${pathname}`) : null;
      },
    } satisfies PageHeadService);
  },
  { name: 'page-head', dependencies: ['database', 'public-cache', 'blogs', 'events', 'packages'] },
);
