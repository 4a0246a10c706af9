import sharp from 'sharp';
import { vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MediaImage } from '@site/shared/contracts/content-fields';
import { adminHeaders } from './content-helpers';

// The same bomb the admin's upload screen is tested with (e2e/tests/admin-blog-upload.spec.ts).
export { pngBomb } from '../../e2e/support/png-bomb';

/** A phone photo as it arrives: landscape pixels, EXIF orientation 6 (shown portrait), a GPS position. */
export async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .composite([{ input: { create: { width: width / 4, height: height / 4, channels: 3, background: '#e0a030' } }, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Phone owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' } })
    .toBuffer();
}

export function multipart(bytes: Buffer, type: string) {
  const boundary = '----media-images-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/ipfs/upload-image as an admin. */
export function uploadImage(app: FastifyInstance, bytes: Buffer, type = 'image/jpeg') {
  const body = multipart(bytes, type);
  return app.inject({ method: 'POST', url: '/api/ipfs/upload-image', payload: body.payload, headers: { ...body.headers, ...adminHeaders(app) } });
}

/** The image once its job has derived its variants (waits on that state, at most 30 s). */
export function derivedImage(app: FastifyInstance, cid: string): Promise<MediaImage> {
  return vi.waitFor(
    async () => {
      const found = await app.mediaImages.of(cid);
      if (!found?.variants.length) throw new Error('not derived yet');
      return found;
    },
    { timeout: 30_000, interval: 200 },
  );
}
