import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../lib/origin';
import { escapeMarkup } from '../../lib/escape';
import { TaggedCache, type CacheTag } from '../../lib/tagged-cache';
import { matchPage } from '../ssr/pages';
import { articleData, eventData, jsonLdScript, organizationData, type StructuredData } from './json-ld';
import { NOT_FOUND_META, PAGE_META, fullTitle, pageMetaOf, site, type NotFoundKind, type OwnHead } from '@site/shared/site-config';
import { linkPreviewOf, SITE_IMAGE, type PageImage, type PagePreload } from './images';
const DESCRIPTION_LENGTH = 160;

export interface PageHead {
  title: string;
  description: string;
  type: 'website' | 'article';
  /** The page's own link preview image (a post's cover); the site's image otherwise. */
  image?: PageImage;
  /** The page's largest image, fetched before the scripts that show it. */
  preload?: PagePreload;
  /** schema.org data for crawlers (JSON-LD). */
  structured?: StructuredData;
}

export interface PageHeadService {
  /**
   * The shell's index.html with this public page's title, description and OpenGraph/Twitter tags; null
   * when none applies. `own`: the head the page's remote module declares (ssr's `ownHead`), which a
   * fixed page owned by a remote has instead of one the api knows.
   */
  html(pathname: string, request: FastifyRequest, own?: OwnHead | null, template?: string): Promise<string | null>;
  /** The shell's index.html as a page that found nothing: its own title, and noindex; null before the shell is built. */
  notFound(kind: NotFoundKind, request: FastifyRequest, template?: string): Promise<string | null>;
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

/** The link preview image's tags: the page's own image, else the site's (every page has one). */
export function imageTags(image: PageImage | undefined, origin: string): string[] {
  const shown = image ?? SITE_IMAGE;
  const url = escapeMarkup(new URL(shown.path, origin).href);
  const alt = escapeMarkup(shown.alt);
  return [
    `<meta property="og:image" content="${url}" />`,
    `<meta property="og:image:type" content="${shown.type}" />`,
    `<meta property="og:image:width" content="${shown.width}" />`,
    `<meta property="og:image:height" content="${shown.height}" />`,
    `<meta property="og:image:alt" content="${alt}" />`,
    // A page's own picture is worth the large card; the site's image goes with the summary.
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:image" content="${url}" />`,
    `<meta name="twitter:image:alt" content="${alt}" />`,
  ];
}

function preloadTag(preload: PagePreload | undefined): string[] {
  if (!preload) return [];
  const type = preload.type ? ` type="${preload.type}"` : '';
  return [
    `<link rel="preload" as="image" href="${escapeMarkup(preload.href)}" imagesrcset="${escapeMarkup(preload.srcset)}" imagesizes="${escapeMarkup(preload.sizes)}"${type} fetchpriority="high" />`,
  ];
}

/** Only the site's link preview image, for pages without a head of their own (any page has an image). */
export function withSiteImage(template: string, origin: string): string {
  return template.replace('</head>', () => `    ${imageTags(undefined, origin).join('\n    ')}\n  </head>`);
}

/** Puts a missing page's head into the shell's HTML: its title and description, kept out of search engines. */
export function withNotFoundHead(template: string, kind: NotFoundKind): string {
  const { title, description } = NOT_FOUND_META[kind];
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeMarkup(fullTitle(title))}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${escapeMarkup(description)}" />`)
    .replace('</head>', () => `    <meta name="robots" content="noindex" />\n  </head>`);
}

/** Puts the page's head into the shell's HTML: replaces title and description, adds OG and Twitter tags. */
export function withPageHead(template: string, head: PageHead, url: string): string {
  const title = escapeMarkup(fullTitle(head.title));
  const description = escapeMarkup(head.description);
  const tags = [
    ...preloadTag(head.preload),
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:url" content="${escapeMarkup(url)}" />`,
    `<meta property="og:site_name" content="${escapeMarkup(site.name)}" />`,
    ...imageTags(head.image, new URL(url).origin),
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    ...(head.structured ? [jsonLdScript(head.structured, url)] : []),
  ].join('\n    ');
  return template
    // Replacer functions: a `$` in a title must not be read as a replacement pattern.
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/** What a page's head is made of, for the cache to forget it when that changes. */
const TAGS_OF: Record<string, CacheTag[]> = {
  'mfe_community/BlogPage': ['blogs'],
  // An event's head names its ticket's price.
  'mfe_community/EventPage': ['events', 'packages'],
  'mfe_commerce/PackagePage': ['packages'],
};

/**
 * The head of public pages (home and service pages from shared/site-config, a remote's other fixed
 * pages from the head its live module declares, as the browser sets them; blog posts, events,
 * packages from their content) written into the server HTML, so link previews and crawlers that run
 * no JavaScript see the page's own title, description and OpenGraph tags. Content heads are kept per
 * path and forgotten with the public read cache (a write of what they show).
 */
export const pageHeadPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const heads = new TaggedCache<PageHead | null>(2000);
    app.publicCache.onInvalidate((tags) => heads.invalidate(tags));

    // The ticket a paid event sells: its first active linked package.
    const ticketOf = async (event: { payment_required: boolean; packages_ids: string[] }) => {
      if (!event.payment_required) return null;
      for (const id of event.packages_ids) {
        const [pkg] = await app.packages.search('id', id, false);
        if (pkg) return pkg;
      }
      return null;
    };

    const headOf = async (module: string | undefined, slug: string | undefined): Promise<PageHead | null> => {
      if (slug === undefined) return null;
      if (module === 'mfe_community/BlogPage') {
        const blog = await app.blogs.findPublic(slug);
        if (!blog) return null;
        const preview = await linkPreviewOf(app, blog);
        // The post's own summary when it has one, as the page shows it.
        const description = plainText(blog.summary || blog.content);
        return { title: blog.title, description, type: 'article', structured: articleData(blog, description, preview.image?.path), ...preview };
      }
      if (module === 'mfe_community/EventPage') {
        const [event] = await app.events.search('slug', slug, false);
        if (!event) return null;
        const description = plainText(event.description);
        return { title: event.title, description, type: 'website', structured: eventData(event, description, await ticketOf(event)) };
      }
      if (module === 'mfe_commerce/PackagePage') {
        const [pkg] = await app.packages.search('slug', slug, false);
        return pkg ? { title: pkg.name, description: plainText(pkg.description ?? pkg.name), type: 'website' } : null;
      }
      return null;
    };

    // The shell's HTML as deployed now (a redeployed shell is picked up without a restart).
    const currentTemplate = () =>
      app.deployment.current().then(
        (deployment) => deployment.template,
        () => null,
      );

    app.decorate('pageHead', {
      // `of`: another shell's index.html than the live one (a release on trial's, decision 058).
      async html(pathname, request, own, of) {
        // A module's own head is at hand (its module is loaded): not kept, so a release changes it at once.
        let head: PageHead | null | undefined = own ? { title: own.title, description: own.description, type: 'website' } : heads.get(pathname);
        if (head === undefined) {
          const fixed = pageMetaOf(pathname);
          const page = fixed ? null : matchPage(pathname);
          const tags = (page && TAGS_OF[page.module]) ?? [];
          const since = heads.version(tags);
          head = fixed
            ? { title: fixed.title, description: fixed.description, type: 'website', ...(pathname === PAGE_META.home.path ? { structured: organizationData() } : {}) }
            : await headOf(page?.module, page?.params.slug);
          // Looked up while content changed: used once, not kept.
          heads.set(pathname, head, tags, since);
        }
        const template = of ?? (await currentTemplate());
        if (!template) return null;
        const origin = publicOrigin(config, request);
        return head ? withPageHead(template, head, `${origin}${pathname}`) : withSiteImage(template, origin);
      },

      async notFound(kind, request, of) {
        const template = of ?? (await currentTemplate());
        return template ? withSiteImage(withNotFoundHead(template, kind), publicOrigin(config, request)) : null;
      },
    } satisfies PageHeadService);
  },
  { name: 'page-head', dependencies: ['database', 'public-cache', 'deployment', 'blogs', 'events', 'packages', 'media-images'] },
);
