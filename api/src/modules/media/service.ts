import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyBaseLogger } from 'fastify';
import { API_DIR } from '../../paths';
import { HttpError } from '../../plugins/errors';
import { cleanImage, isRasterImage } from './image';
import type { MediaImages } from './images';
import type { MediaStore, StoredMedia } from './store';

/** Declared once in shared: the admin's form and nginx's body limit read the same value. */
export { MAX_UPLOAD_BYTES } from '@site/shared/contracts/media-upload';

/** What may be uploaded, decided from the bytes: raster images and browser-playable video. */
const ALLOWED = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'video/mp4',
  'video/webm',
  'video/ogg',
]);

export async function sniffMediaType(bytes: Uint8Array): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ALLOWED.has(detected.mime)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Only images (PNG, JPEG, GIF, WebP, AVIF) and videos (MP4, WebM, Ogg) can be uploaded.',
    );
  }
  return detected.mime;
}

export interface UploadedMedia extends StoredMedia {
  width?: number;
  height?: number;
}

/**
 * Stores an upload. An image is stored cleaned (upright, sRGB, no metadata: its CID is that of
 * the cleaned bytes), its dimensions noted and its variants queued; a video is stored as sent.
 */
export async function uploadMedia(
  store: MediaStore,
  images: Pick<MediaImages, 'record' | 'queue'>,
  upload: Uint8Array,
  ipfsApiUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<UploadedMedia> {
  const contentType = await sniffMediaType(upload);
  const image = isRasterImage(contentType) ? await cleanImage(upload, contentType) : null;
  const bytes = image?.bytes ?? upload;
  const stored: UploadedMedia = await store.put(bytes, contentType);
  if (image) {
    await images.record(stored.cid, image.width, image.height);
    await images.queue(stored.cid);
    Object.assign(stored, { width: image.width, height: image.height });
  }
  if (ipfsApiUrl) {
    // Best effort: the local copy already serves the file; the node is a replica.
    void addToIpfs(ipfsApiUrl, bytes, contentType).catch((error: Error) =>
      log.warn({ err: { message: error.message }, cid: stored.cid }, 'could not add the upload to the IPFS node'),
    );
  }
  return stored;
}

/**
 * The node's add URL under IPFS_API_URL, keeping any base path (a node behind a proxy at
 * https://host/ipfs-node/ answers at https://host/ipfs-node/api/v0/add). Credentials written in
 * the URL become a Basic Authorization header, since fetch refuses URLs that carry them.
 */
export function ipfsAddRequest(apiUrl: string): { url: URL; headers: Record<string, string> } {
  const base = new URL(apiUrl);
  const headers: Record<string, string> = {};
  if (base.username || base.password) {
    const credentials = `${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    base.username = '';
    base.password = '';
  }
  const href = base.href.split(/[?#]/)[0]!;
  const url = new URL('api/v0/add', href.endsWith('/') ? href : `${href}/`);
  // The node's root CID may differ from ours (it chunks files over 256 KiB); it is only a replica.
  url.search = 'cid-version=1&raw-leaves=true&pin=true';
  return { url, headers };
}

async function addToIpfs(apiUrl: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: contentType }), 'upload');
  const { url, headers } = ipfsAddRequest(apiUrl);
  const response = await fetch(url, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`IPFS add answered ${response.status}`);
}

const SAMPLE_DIR = path.join(API_DIR, 'assets', 'sample-media');

/** Puts the sample images referenced by the sample blogs (migration 0003) into the store. */
export async function ensureSampleMedia(store: MediaStore): Promise<string[]> {
  const names = (await readdir(SAMPLE_DIR)).filter((name) => name.endsWith('.svg'));
  const cids: string[] = [];
  for (const name of names) {
    cids.push((await store.put(await readFile(path.join(SAMPLE_DIR, name)), 'image/svg+xml')).cid);
  }
  return cids;
}

/** A single `bytes=` range of a file of `size` bytes; null for none or several, 'invalid' if unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return 'invalid';
  let start: number;
  let end: number;
  if (!from) {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}
