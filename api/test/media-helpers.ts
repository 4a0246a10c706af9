import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MediaImage } from '@site/shared/contracts/content-fields';
import { adminHeaders } from './content-helpers';

/** A phone photo as it arrives: landscape pixels, EXIF orientation 6 (shown portrait), a GPS position. */
export async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .composite([{ input: { create: { width: width / 4, height: height / 4, channels: 3, background: '#e0a030' } }, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Phone owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' } })
    .toBuffer();
}

/** A PNG whose header claims 20000×20000 pixels (400 MP) over a few bytes: a decompression bomb. */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
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
