import type { BlogRecord } from './media-type';
import { escapeMarkup } from '../../lib/escape';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the character references the sanitizer writes, so they are escaped once, not twice. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text of stored (sanitized, entity-encoded) HTML, decoded: the feed escapes it itself. */
const plainText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

export interface FeedOptions {
  /** Absolute origin of the site, e.g. https://tinytitans.ai (no trailing slash). */
  origin: string;
  siteName: string;
  description: string;
}

/** An RSS 2.0 document of published posts, with absolute links. */
export function renderBlogFeed(posts: BlogRecord[], { origin, siteName, description }: FeedOptions): string {
  const items = posts
    .map((post) => {
      const link = `${origin}/blog/${encodeURIComponent(post.slug)}`;
      const summary = post.summary ?? plainText(post.content).slice(0, 300);
      return [
        '    <item>',
        `      <title>${escapeMarkup(post.title)}</title>`,
        `      <link>${escapeMarkup(link)}</link>`,
        `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
        post.published_at ? `      <pubDate>${new Date(post.published_at).toUTCString()}</pubDate>` : '',
        `      <description>${escapeMarkup(summary)}</description>`,
        '    </item>',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeMarkup(`${siteName} Blog`)}</title>
    <link>${escapeMarkup(`${origin}/community`)}</link>
    <description>${escapeMarkup(description)}</description>
    <language>en</language>
    <atom:link href="${escapeMarkup(`${origin}/api/blogs/rss.xml`)}" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
}
