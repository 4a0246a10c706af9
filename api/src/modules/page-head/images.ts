import type { FastifyInstance } from 'fastify';
import { ARTICLE_IMAGE_SIZES, coverOf, ipfsPath, pictureSources } from '@site/shared/contracts/media-image';
import { site } from '@site/shared/site-config';
import { COVER_MAX_BYTES, isRasterImage } from '../media/image';
import { parseCid } from '../media/cid';
import type { BlogRecord } from '../blogs/media-type';

/** A link preview image: a path on this site, made absolute in the tags. */
export interface PageImage {
  path: string;
  type: string;
  width: number;
  height: number;
  alt: string;
}

/** A `<link rel="preload" as="image">`: the srcset the page's `<picture>` will pick from. */
export interface PagePreload {
  href: string;
  srcset: string;
  sizes: string;
  type?: string;
}

/** The site's own image (shell/public/og-image.png, 1200×630), for every page without one. */
export const SITE_IMAGE: PageImage = {
  path: '/og-image.png',
  type: 'image/png',
  width: 1200,
  height: 630,
  alt: `${site.name}: ${site.tagline}`,
};

/**
 * A post's link preview image (its 1200×630 cover once derived; until then the cleaned original
 * if it is small enough for previews) and the preload of its picture, the page's largest paint.
 */
export async function linkPreviewOf(app: FastifyInstance, blog: BlogRecord): Promise<{ image?: PageImage; preload?: PagePreload }> {
  const cid = blog.media_cid ? parseCid(blog.media_cid) : null;
  if (!cid) return {};
  const [info, image] = await Promise.all([app.mediaStore.info(cid), app.mediaImages.of(cid)]);
  if (!info || !image || !isRasterImage(info.contentType)) return {};
  const alt = blog.media_alt || blog.title;
  const cover = coverOf(image);
  const own: PageImage | undefined = cover
    ? { path: ipfsPath(cover.cid), type: 'image/jpeg', width: cover.width, height: cover.height, alt }
    : info.size <= COVER_MAX_BYTES
      ? { path: ipfsPath(cid), type: info.contentType, width: image.width, height: image.height, alt }
      : undefined;
  const [best] = pictureSources(image).sources;
  const preload: PagePreload = best
    ? { href: ipfsPath(cid), srcset: best.srcSet, sizes: ARTICLE_IMAGE_SIZES, type: best.type }
    : { href: ipfsPath(cid), srcset: `${ipfsPath(cid)} ${image.width}w`, sizes: ARTICLE_IMAGE_SIZES };
  return { ...(own ? { image: own } : {}), preload };
}
