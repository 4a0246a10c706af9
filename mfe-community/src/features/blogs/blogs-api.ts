import { API_BASE, apiRequest } from '@site/shared/api-client';
import type { Blog } from '@site/shared/contracts/blogs';
import { preloadKey } from '@site/shared/preloaded';

/** Keys of the reads a server-rendered page is made from (api/src/modules/ssr reads the same). */
export const publishedBlogsKey = preloadKey('/blogs/search', { field: 'status', value: 'published' });
export const blogBySlugKey = (slug: string) => preloadKey('/blogs/search', { field: 'slug', value: slug });

export const fetchPublishedBlogs = (signal?: AbortSignal) =>
  apiRequest<Blog[]>('/blogs/search', { query: { field: 'status', value: 'published' }, signal });

export async function fetchBlogBySlug(slug: string, signal?: AbortSignal): Promise<Blog | null> {
  const found = await apiRequest<Blog[]>('/blogs/search', { query: { field: 'slug', value: slug }, signal });
  return found[0] ?? null;
}

export const RSS_PATH = '/api/blogs/rss.xml';

/**
 * Counts this page view of a post (once per reader and day, on the server). A beacon: it outlives
 * the page, and the page itself may have come from a cache that never reached the api.
 */
export function sendViewBeacon(blogId: string): void {
  const url = `${API_BASE}/blogs/${encodeURIComponent(blogId)}/views`;
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  void fetch(url, { method: 'POST', keepalive: true }).catch(() => undefined);
}
