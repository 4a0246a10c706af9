import { apiRequest } from '@site/shared/api-client';
import type { Blog } from '@site/shared/contracts/blogs';

export const fetchPublishedBlogs = (signal?: AbortSignal) =>
  apiRequest<Blog[]>('/blogs/search', { query: { field: 'status', value: 'published' }, signal });

export async function fetchBlogBySlug(slug: string, signal?: AbortSignal): Promise<Blog | null> {
  const found = await apiRequest<Blog[]>('/blogs/search', { query: { field: 'slug', value: slug }, signal });
  return found[0] ?? null;
}

export const RSS_PATH = '/api/blogs/rss.xml';
