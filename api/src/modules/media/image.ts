import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import PQueue from 'p-queue';
import { site } from '@site/shared/site-config';
import { HttpError } from '../../plugins/errors';

// libvips works one thread per image and keeps a small operation cache (decision 016).
sharp.concurrency(1);
sharp.cache(false);

/**
 * libvips holds one image at a time in the process: a 12 MP photo turned upright, or an AVIF being
 * encoded, takes 40–80 MB, and the api's budget is 400 MB with four such uploads at once. Cleaning
 * an upload (an admin waits on it) goes before the next file of a derivation (a job), which takes
 * its turn file by file so an upload never waits for a whole derivation.
 */
const imageTurns = new PQueue({ concurrency: 1 });
const CLEANING = 1;
const DERIVING = 0;
const inTurn = <T>(priority: number, work: () => Promise<T>): Promise<T> => imageTurns.add(work, { priority });

/** Larger than any phone photo (a 48 MP sensor fits); above it a file is a decompression bomb. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** An animation's frames all count: a GIF of many large frames is refused under this. */
export const MAX_ANIMATION_PIXELS = 100_000_000;

/** The raster types sharp reads and writes; anything else (video) is stored as uploaded. */
const RASTER = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

export const isRasterImage = (contentType: string) => RASTER.has(contentType);

export interface CleanImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

function tooLarge(): HttpError {
  return new HttpError(
    413,
    'image_too_large',
    `This image has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, ${MAX_ANIMATION_PIXELS / 1_000_000} for all frames of an animation).`,
  );
}

function unreadable(): HttpError {
  return new HttpError(400, 'invalid_image', 'This image could not be read. Please export it again and upload it.');
}

/** Reads only the header: the size is checked before a single pixel is decoded. */
async function headerOf(bytes: Uint8Array): Promise<Metadata> {
  try {
    return await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
}

/**
 * The image as it is stored and served: turned upright (EXIF orientation applied), in sRGB, and
 * without any metadata (EXIF with GPS position, XMP, IPTC, comments), re-encoded in its own format.
 */
export async function cleanImage(bytes: Uint8Array, contentType: string): Promise<CleanImage> {
  const header = await headerOf(bytes);
  const width = header.width ?? 0;
  const frameHeight = header.pageHeight ?? header.height ?? 0;
  const frames = header.pages ?? 1;
  if (width * frameHeight > MAX_IMAGE_PIXELS || width * frameHeight * frames > MAX_ANIMATION_PIXELS) throw tooLarge();
  const animated = frames > 1;
  let pipeline = sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).autoOrient().toColourspace('srgb');
  // Neither keepMetadata nor withMetadata is called: sharp writes none of the input's metadata.
  // Huffman tables left standard: optimising them holds all of a photo's coefficients (~70 MB for
  // 12 MP) for a file 3% smaller.
  if (contentType === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 88, optimiseCoding: false });
  else if (contentType === 'image/png') pipeline = pipeline.png({ compressionLevel: 8 });
  else if (contentType === 'image/webp') pipeline = pipeline.webp({ quality: 88 });
  else if (contentType === 'image/avif') pipeline = pipeline.avif({ quality: 60, effort: 2 });
  else pipeline = pipeline.gif();
  try {
    const { data, info } = await inTurn(CLEANING, () => pipeline.toBuffer({ resolveWithObject: true }));
    return { bytes: data, contentType, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height };
  } catch {
    throw unreadable();
  }
}

/** Widths offered in a srcset; an image is never enlarged, so a narrow one has fewer. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The link preview's size (OpenGraph, Twitter large card); its file stays under COVER_MAX_BYTES. */
export const COVER = { width: 1200, height: 630 } as const;
export const COVER_MAX_BYTES = 400 * 1024;

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export interface DerivedFile {
  /** 'cover' for the link preview, else a srcset entry. */
  kind: 'srcset' | 'cover';
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export const CONTENT_TYPE_OF: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The widths of the srcset of an image `width` pixels wide: never larger than the image. */
export function variantWidths(width: number): number[] {
  const largest = VARIANT_WIDTHS.at(-1) ?? width;
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate < Math.min(width, largest));
  return [...widths, Math.min(width, largest)];
}

async function encode(image: Sharp, format: VariantFormat, quality: number): Promise<{ data: Buffer; info: OutputInfo }> {
  // AVIF at effort 2: five widths of a 12 MP photo in seconds here, not a quarter of a minute;
  // chroma at half resolution, as in the JPEG, takes 60 MB less to encode 1920 px than sharp's 4:4:4.
  const encoded =
    format === 'avif'
      ? image.avif({ quality: Math.round(quality * 0.7), effort: 2, chromaSubsampling: '4:2:0' })
      : format === 'webp'
        ? image.webp({ quality, effort: 3 })
        : format === 'jpeg'
          ? image.jpeg({ quality, mozjpeg: true, progressive: true })
          : image.png({ compressionLevel: 8, palette: true });
  return encoded.toBuffer({ resolveWithObject: true });
}

/**
 * Every variant of a cleaned image: each srcset width in AVIF, WebP and a fallback (JPEG, or PNG
 * when the image has transparency), then the 1200×630 cover, made smaller until it fits its budget.
 * Animations keep their first frame here; the original still plays.
 */
export async function deriveImage(bytes: Uint8Array): Promise<DerivedFile[]> {
  const header = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const widths = variantWidths(header.width ?? 0);
  // Decoded once, already at the largest width (JPEG shrinks while decoding): every variant is cut
  // from these pixels rather than from the full photo again.
  const base = await inTurn(DERIVING, () =>
    sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false, sequentialRead: true })
      .resize({ width: widths.at(-1), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const input = () => sharp(base.data, { raw });
  const fallback: VariantFormat = header.hasAlpha ? 'png' : 'jpeg';
  // Made largest first: the largest AVIF takes the most memory of any step (~60 MB), and made before
  // the other encodes have fragmented the allocator's heap it peaks ~10 MB lower. Listed smallest first.
  const rows: DerivedFile[][] = [];
  for (const width of [...widths].reverse()) {
    const row: DerivedFile[] = [];
    for (const format of ['avif', 'webp', fallback] as const) {
      const { data, info } = await inTurn(DERIVING, () => encode(input().resize({ width, withoutEnlargement: true }), format, 72));
      row.push({ kind: 'srcset', format, width: info.width, height: info.height, bytes: data });
    }
    rows.unshift(row);
  }
  const files: DerivedFile[] = rows.flat();
  for (const quality of [80, 65, 50, 35]) {
    const cover = input().flatten({ background: site.lightColors.surface }).resize({ ...COVER, fit: 'cover', position: sharp.strategy.attention });
    const { data, info } = await inTurn(DERIVING, () => encode(cover, 'jpeg', quality));
    if (data.byteLength <= COVER_MAX_BYTES || quality === 35) {
      files.push({ kind: 'cover', format: 'jpeg', width: info.width, height: info.height, bytes: data });
      break;
    }
  }
  return files;
}
