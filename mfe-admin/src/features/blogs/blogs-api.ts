import type { Blog, BlogCreateBody, BlogStatus, BlogUpdateBody } from '@site/shared/contracts/blogs';
import { adminRequest } from '../../lib/api';

export const BLOG_STATUSES: BlogStatus[] = ['draft', 'published', 'archived'];

export const listBlogs = (status: BlogStatus) =>
  adminRequest<Blog[]>('/blogs/search', { query: { field: 'status', value: status } });

/** The api finds posts by status or slug only, so a post is found by id among the three lists. */
export async function findBlog(id: string): Promise<Blog | null> {
  const lists = await Promise.all(BLOG_STATUSES.map(listBlogs));
  return lists.flat().find((blog) => blog.id === id) ?? null;
}

export const createBlog = (body: BlogCreateBody) => adminRequest<Blog>('/blogs', { method: 'POST', body });
export const updateBlog = (id: string, body: BlogUpdateBody) =>
  adminRequest<Blog>(`/blogs/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const archiveBlog = (id: string) => adminRequest<Blog[]>('/blogs/archive', { method: 'PUT', body: { ids: [id] } });
export const reactivateBlog = (id: string) =>
  adminRequest<Blog>(`/blogs/${encodeURIComponent(id)}/reactivate`, { method: 'PUT' });
