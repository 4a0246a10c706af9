import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { servicePlugin } from '../../lib/service-plugin';
import { ensureSampleMedia } from './service';
import { DatabaseMediaStore, DiskMediaStore, type MediaStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    mediaStore: MediaStore;
  }
}

/**
 * The media store: in PostgreSQL when the api runs on it (every instance serves every file), on
 * this instance's disk with the embedded database. Sample images the sample blogs point at included.
 */
async function openMediaStore(app: FastifyInstance): Promise<MediaStore> {
  const store: MediaStore =
    app.database.kind === 'postgres' ? new DatabaseMediaStore(app.database.db) : new DiskMediaStore(path.join(app.config.DATA_DIR, 'media'));
  try {
    await ensureSampleMedia(store);
  } catch (error) {
    // Samples are a nicety: a read-only or full disk must not stop the site.
    app.log.warn({ err: { message: (error as Error).message } }, 'could not store the sample media');
  }
  return store;
}

export const mediaStorePlugin = servicePlugin('mediaStore', openMediaStore, { name: 'media-store' });
