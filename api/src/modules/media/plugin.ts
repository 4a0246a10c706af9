import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { ensureSampleMedia } from './service';
import { DatabaseMediaStore, DiskMediaStore, type MediaStore } from './store';

/**
 * The media store: in PostgreSQL when the api runs on it (every instance serves every file), on
 * this instance's disk with the embedded database. Sample images the sample blogs point at included.
 */
export async function openMediaStore(app: FastifyInstance, config: Config): Promise<MediaStore> {
  const store: MediaStore =
    app.database.kind === 'postgres' ? new DatabaseMediaStore(app.database.db) : new DiskMediaStore(path.join(config.DATA_DIR, 'media'));
  try {
    await ensureSampleMedia(store);
  } catch (error) {
    // Samples are a nicety: a read-only or full disk must not stop the site.
    app.log.warn({ err: { message: (error as Error).message } }, 'could not store the sample media');
  }
  return store;
}
