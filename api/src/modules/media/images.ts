import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MediaImage, MediaVariant } from '@site/shared/contracts/content-fields';
import type { Db } from '../../db/database';
import { servicePlugin } from '../../lib/service-plugin';
import { CONTENT_TYPE_OF, deriveImage } from './image';
import type { MediaStore } from './store';
import { mediaImages } from './table';

/** The background job that derives an uploaded image's variants (decision 044). */
export const MEDIA_DERIVE_QUEUE = 'media.derive';

export interface MediaDeriveJob {
  cid: string;
}

/** A stored file's bytes, whole (images are at most the upload limit). */
export async function readMedia(store: MediaStore, cid: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.stream(cid)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function createMediaImages(db: Db, store: MediaStore) {
  const images = {
    /** Notes a cleaned image's dimensions as soon as it is stored, before any variant exists. */
    async record(cid: string, width: number, height: number): Promise<void> {
      await db.insert(mediaImages).values({ cid, width, height }).onConflictDoNothing({ target: mediaImages.cid });
    },

    async of(cid: string): Promise<MediaImage | null> {
      const [row] = await db.select().from(mediaImages).where(eq(mediaImages.cid, cid));
      return row ? { width: row.width, height: row.height, variants: row.variants } : null;
    },

    /** Several at once (a list of posts), by CID. */
    async many(cids: string[]): Promise<Map<string, MediaImage>> {
      const unique = [...new Set(cids)];
      if (unique.length === 0) return new Map();
      const rows = await db.select().from(mediaImages).where(inArray(mediaImages.cid, unique));
      return new Map(rows.map((row) => [row.cid, { width: row.width, height: row.height, variants: row.variants }]));
    },

    /**
     * Makes and stores every variant of a recorded image; an image already derived is left as it
     * is (a retried or repeated job does nothing). Answers whether it made them.
     */
    async derive(cid: string): Promise<boolean> {
      const [row] = await db.select().from(mediaImages).where(eq(mediaImages.cid, cid));
      if (!row || row.derivedAt) return false;
      const files = await deriveImage(await readMedia(store, cid));
      const variants: MediaVariant[] = [];
      for (const file of files) {
        const stored = await store.put(file.bytes, CONTENT_TYPE_OF[file.format]);
        variants.push({ kind: file.kind, format: file.format, width: file.width, height: file.height, cid: stored.cid, size: stored.size });
      }
      await db.update(mediaImages).set({ variants, derivedAt: new Date() }).where(eq(mediaImages.cid, cid));
      return true;
    },
  };
  return images;
}

export type MediaImages = ReturnType<typeof createMediaImages> & {
  /** Queues the derivation of an image's variants (off the upload's critical path). */
  queue(cid: string): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mediaImages: MediaImages;
  }
}

/**
 * Images' dimensions and variants, derived by a job of the queue one image at a time per instance
 * (libvips' memory stays bounded); a derived image makes the pages that show it be rendered again.
 */
export const mediaImagesPlugin = servicePlugin(
  'mediaImages',
  async (app: FastifyInstance) => {
    const images = createMediaImages(app.database.db, app.mediaStore);
    await app.jobs.define<MediaDeriveJob>(MEDIA_DERIVE_QUEUE, {
      options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
      work: { batchSize: 1, localConcurrency: 1 },
      handler: async ([job]) => {
        if (!job) return;
        if (await images.derive(job.data.cid)) {
          app.log.info({ cid: job.data.cid }, 'image variants derived');
          await app.publicCache.invalidate('blogs');
        }
      },
    });
    return {
      ...images,
      async queue(cid: string) {
        await app.jobs.send<MediaDeriveJob>(MEDIA_DERIVE_QUEUE, { cid });
      },
    };
  },
  { name: 'media-images', dependencies: ['database', 'media-store', 'jobs', 'public-cache'] },
);
