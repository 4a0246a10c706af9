import { blogFeed } from '@site/shared/site-config';
import { API_BASE } from '@site/shared/api-client';
import { routeRead } from '@site/shared/preloaded';

/** Keys of the reads the server renders these pages with, as the remote table declares them. */
export const publishedBlogsKey = routeRead('mfe_community', '/community', 'blogs');
export const blogBySlugKey = (slug: string) => routeRead('mfe_community', '/blog/:slug', 'blog', { slug });

export const RSS_PATH = blogFeed.path;

/**
 * Counts this page view of a post (once per reader and day, on the server). A beacon: it outlives
 * the page, and the page itself may have come from a cache that never reached the api.
 */
export function sendViewBeacon(blogId: string): void {
  const url = `${API_BASE}/blogs/${encodeURIComponent(blogId)}/views`;
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  void fetch(url, { method: 'POST', keepalive: true }).catch(() => undefined);
}
