import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { BlogRecord } from './media-type';

/** The queue whose job, at a scheduled post's publication time, makes every instance forget its blog answers. */
export const PUBLISH_QUEUE = 'blogs.publish';

interface PublishJob {
  blogId: string;
  at: string;
}

/**
 * Defines the publication job: it clears the cached answers made of blogs (lists, the feed, the
 * sitemap, the pages) on this instance and, through the cache's own notification, on every other.
 * The queries themselves hide a post until its `published_at` (repository).
 */
export async function definePublicationJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.define<PublishJob>(PUBLISH_QUEUE, {
    // 'short': one waiting job per post and time, however often the post is saved.
    options: { policy: 'short', retryLimit: 10, retryDelay: 5, retryBackoff: true, deleteAfterSeconds: 7 * 86_400 },
    handler: async () => {
      await app.publicCache.invalidate('blogs');
    },
  });
}

/** In the write's transaction: a published post dated in the future gets its publication job. */
export async function schedulePublication(
  app: FastifyInstance,
  tx: Db,
  blog: Pick<BlogRecord, 'id' | 'status' | 'published_at'>,
  now = new Date(),
): Promise<void> {
  if (blog.status !== 'published' || !blog.published_at) return;
  const at = new Date(blog.published_at);
  if (at <= now) return;
  await app.jobs.sendAt<PublishJob>(PUBLISH_QUEUE, { blogId: blog.id, at: blog.published_at }, at, {
    tx,
    singletonKey: `${blog.id}:${blog.published_at}`,
  });
}
