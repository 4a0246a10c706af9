import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer, testAdminId } from './app';

export const adminHeaders = (app: FastifyInstance, sub = testAdminId(app)) => bearer(app, { sub, role: 'admin' });
export const userHeaders = (app: FastifyInstance) => bearer(app, { sub: randomUUID(), role: 'user' });

let counter = 0;
/** A slug no other test in the file uses. */
export const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

export const inDays = (days: number, hours = 0) => new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();

export async function createEvent(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: adminHeaders(app),
    payload: {
      title: 'Test event',
      slug: uniqueSlug('event'),
      description: 'An event made by a test.',
      location: 'Online',
      start_time: inDays(10),
      end_time: inDays(10, 2),
      status: 'published',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`createEvent: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; slug: string; status: string; packages_ids: string[] };
}

export async function createBlog(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: adminHeaders(app),
    payload: { title: 'Test post', slug: uniqueSlug('post'), content: '<p>A post made by a test.</p>', status: 'published', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`createBlog: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; slug: string; status: string };
}
