import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { ensureSampleMedia } from './service';
import { MediaStore } from './store';

/** The media store of this instance, with the sample images the sample blogs point at. */
export async function openMediaStore(app: FastifyInstance, config: Config): Promise<MediaStore> {
  const store = new MediaStore(path.join(config.DATA_DIR, 'media'));
  try {
    await ensureSampleMedia(store);
  } catch (error) {
    // Samples are a nicety: a read-only or full disk must not stop the site.
    app.log.warn({ err: { message: (error as Error).message } }, 'could not store the sample media');
  }
  return store;
}
