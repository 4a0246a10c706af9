import type { MediaImage, MediaVariant } from './content-fields';

/** Where a stored file is read: this site's own gateway (decision 004). */
export const ipfsPath = (cid: string) => `/ipfs/${encodeURIComponent(cid)}`;

/** How wide a post's image is shown: the page's column (1200px less its padding), full width below it. */
export const ARTICLE_IMAGE_SIZES = '(max-width: 1200px) calc(100vw - 40px), 1160px';

export interface PictureSources {
  /** `<source>`s in order of preference (AVIF, then WebP). */
  sources: { type: string; srcSet: string }[];
  /** The `<img>`'s own srcset (JPEG or PNG), for browsers that read neither. */
  fallbackSrcSet: string | undefined;
}

const srcsetOf = (variants: MediaVariant[]) => variants.map((variant) => `${ipfsPath(variant.cid)} ${variant.width}w`).join(', ');

/** The srcsets of an image's derived files; empty until they exist (the original is shown meanwhile). */
export function pictureSources(image: MediaImage | null | undefined): PictureSources {
  const srcset = (image?.variants ?? []).filter((variant) => variant.kind === 'srcset');
  const ofFormat = (format: MediaVariant['format']) => srcset.filter((variant) => variant.format === format);
  const sources = (['avif', 'webp'] as const)
    .map((format) => ({ type: `image/${format}`, srcSet: srcsetOf(ofFormat(format)) }))
    .filter((source) => source.srcSet !== '');
  const fallback = [...ofFormat('jpeg'), ...ofFormat('png')];
  return { sources, fallbackSrcSet: fallback.length > 0 ? srcsetOf(fallback) : undefined };
}

/** The link preview's file (1200×630), once derived. */
export const coverOf = (image: MediaImage | null | undefined): MediaVariant | undefined =>
  image?.variants.find((variant) => variant.kind === 'cover');
