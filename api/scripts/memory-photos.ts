/**
 * The photo scenario of the memory budget (issue 30): four 12 MP phone photos uploaded at once
 * over HTTP, as the admin's form sends them, then published; the api's resident memory is sampled
 * until each post offers its variants. The photos are made here, in the checking process, so their
 * making never counts against the api.
 */
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { residentMiB } from '@site/test-support/memory';

export const PHOTO_ADMIN = { ADMIN_USERNAME: 'memory-admin', ADMIN_EMAIL: 'memory-admin@example.com', ADMIN_PASSWORD: 'memory-admin-password' };

const PHOTOS = 4;
const SAMPLE_MS = 20;
/** Generous: the variants of four photos take ~1 min on two idle cores, several under load. */
const DERIVED_TIMEOUT_MS = 10 * 60_000;

/** A 4032×3024 phone photo: softened noise (compresses like a photo), orientation 6, a GPS position. */
export function phonePhoto(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + seed * 20, sigma: 50 } } })
    .blur(2)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' } })
    .toBuffer();
}

export interface PhotoFigures {
  /** Highest resident memory seen from the first upload until every variant was made. */
  peakMiB: number;
  /** The same until the four uploads were answered (cleaning only). */
  uploadPeakMiB: number;
  baselineMiB: number;
  photoMB: number[];
  uploadMs: number[];
  derivedMs: number;
}

async function json<T>(response: Response, what: string, status: number): Promise<T> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function uploadFourPhotos(url: string, pid: number): Promise<PhotoFigures> {
  const photos: Buffer[] = [];
  for (let seed = 0; seed < PHOTOS; seed += 1) photos.push(await phonePhoto(seed));
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: PHOTO_ADMIN.ADMIN_USERNAME, password: PHOTO_ADMIN.ADMIN_PASSWORD }),
  });
  const authorization = `Bearer ${(await json<{ accessToken: string }>(login, 'admin login', 200)).accessToken}`;

  const baselineMiB = await residentMiB(pid);
  let peakMiB = baselineMiB;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakMiB = Math.max(peakMiB, await residentMiB(pid));
      await delay(SAMPLE_MS);
    }
  })();
  const started = performance.now();
  try {
    const uploaded = await Promise.all(
      photos.map(async (photo, index) => {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${index}.jpg`);
        const begun = performance.now();
        const response = await fetch(`${url}/api/ipfs/upload-image`, { method: 'POST', headers: { authorization }, body: form });
        const { cid, width, height } = await json<{ cid: string; width: number; height: number }>(response, 'upload', 201);
        if (width !== 3024 || height !== 4032) throw new Error(`photo ${index} stored as ${width}×${height}, not upright`);
        return { cid, ms: Math.round(performance.now() - begun) };
      }),
    );
    const uploadPeakMiB = peakMiB;
    const slugs = await Promise.all(
      uploaded.map(async ({ cid }, index) => {
        const slug = `memory-photo-${Date.now()}-${index}`;
        const created = await fetch(`${url}/api/blogs`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Photo ${index}`, slug, content: '<p>A phone photo.</p>', media_cid: cid, status: 'published' }),
        });
        await json(created, 'creating a post', 201);
        return slug;
      }),
    );
    const pending = new Set(slugs);
    const deadline = Date.now() + DERIVED_TIMEOUT_MS;
    while (pending.size) {
      if (Date.now() > deadline) throw new Error(`variants not made within ${DERIVED_TIMEOUT_MS / 1000} s for ${pending.size} photos`);
      for (const slug of pending) {
        const [post] = await json<{ media_image: { variants: unknown[] } | null }[]>(
          await fetch(`${url}/api/blogs/search?field=slug&value=${slug}`),
          'reading a post',
          200,
        );
        if (post?.media_image?.variants.length) pending.delete(slug);
      }
      await delay(250);
    }
    return {
      peakMiB,
      uploadPeakMiB,
      baselineMiB,
      photoMB: photos.map((photo) => photo.byteLength / 1e6),
      uploadMs: uploaded.map((upload) => upload.ms),
      derivedMs: Math.round(performance.now() - started),
    };
  } finally {
    sampling = false;
    await sampler;
  }
}
