import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import type { MediaType } from '@site/shared/contracts/media-type';
import type { MediaImage } from '@site/shared/contracts/content-fields';
import { ARTICLE_IMAGE_SIZES, pictureSources } from '@site/shared/contracts/media-image';
import { mediaKind, mediaUrl } from '../../lib/media-url';
import { PLACEHOLDER_IMAGE } from './placeholder';

/** A card of the blog carousel: most of a phone's width, a third of the column on wider screens. */
const CARD_IMAGE_SIZES = `${theme.media.mobile} 90vw, 400px`;

/**
 * A fixed 16:9 box (at most 520px high) laid out before the file arrives, so the summary and the
 * content below never move when the image or the video's first frame loads.
 */
const Figure = styled.figure`
  margin: 24px 0;
  img, video {
    display: block;
    width: 100%;
    height: auto;
    max-height: 520px;
    border-radius: ${theme.radius.lg};
    background: ${theme.color.surface};
  }
  /* A stored image declares its own proportions (width and height): shown whole, portrait or not. */
  img[width] { object-fit: contain; }
  video, img:not([width]) { aspect-ratio: 16 / 9; object-fit: cover; }
`;

/**
 * An image with its derived files: AVIF, then WebP, then the img's own JPEG/PNG srcset; `src` is
 * the cleaned original, shown until the variants exist and by browsers that read no srcset.
 */
function Picture({ src, image, sizes, alt, lead, onError }: { src: string; image: MediaImage | null | undefined; sizes: string; alt: string; lead: boolean; onError: () => void }) {
  const { sources, fallbackSrcSet } = pictureSources(image);
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={src}
        srcSet={fallbackSrcSet}
        sizes={fallbackSrcSet ? sizes : undefined}
        width={image?.width}
        height={image?.height}
        alt={alt}
        // The post's image is the page's largest paint: fetched first. Cards are below the fold.
        {...(lead ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        decoding="async"
        onError={onError}
      />
    </picture>
  );
}

/**
 * A post's media on its page: a video player for video files, else an image (placeholder on
 * error). The kind comes with the post (media_type), so it is known at the first render.
 */
export function BlogMedia({
  mediaRef,
  mediaType,
  title,
  image,
  alt,
}: {
  mediaRef: string;
  mediaType?: MediaType | null;
  title: string;
  image?: MediaImage | null;
  /** The admin's text alternative; the title when there is none. */
  alt?: string | null;
}) {
  const url = mediaUrl(mediaRef);
  const kind = mediaKind(mediaRef, mediaType);
  const [broken, setBroken] = useState(false);
  return (
    <Figure>
      {kind === 'video' ? (
        <video src={url} controls preload="metadata" aria-label={`Video: ${title}`} />
      ) : (
        <Picture src={broken ? PLACEHOLDER_IMAGE : url} image={broken ? null : image} sizes={ARTICLE_IMAGE_SIZES} alt={alt || title} lead onError={() => setBroken(true)} />
      )}
    </Figure>
  );
}

/** A card thumbnail: decorative (the title is beside it); anything that does not load as an image becomes the placeholder. */
export function BlogThumbnail({ mediaRef, image }: { mediaRef: string | null; image?: MediaImage | null }) {
  const [broken, setBroken] = useState(false);
  if (!mediaRef || broken || !image) {
    const src = !mediaRef || broken ? PLACEHOLDER_IMAGE : mediaUrl(mediaRef);
    return <img src={src} alt="" width={600} height={315} loading="lazy" onError={() => setBroken(true)} />;
  }
  return <Picture src={mediaUrl(mediaRef)} image={image} sizes={CARD_IMAGE_SIZES} alt="" lead={false} onError={() => setBroken(true)} />;
}
