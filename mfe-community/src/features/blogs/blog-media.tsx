import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import type { MediaType } from '@site/shared/contracts/media-type';
import { mediaKind, mediaUrl } from '../../lib/media-url';
import { PLACEHOLDER_IMAGE } from './placeholder';

/**
 * A fixed 16:9 box (at most 520px high) laid out before the file arrives, so the summary and the
 * content below never move when the image or the video's first frame loads.
 */
const Figure = styled.figure`
  margin: 24px 0;
  img, video {
    display: block;
    width: 100%;
    aspect-ratio: 16 / 9;
    height: auto;
    max-height: 520px;
    object-fit: cover;
    border-radius: ${theme.radius.lg};
    background: ${theme.color.surface};
  }
`;

/**
 * A post's media on its page: a video player for video files, else an image (placeholder on
 * error). The kind comes with the post (media_type), so it is known at the first render.
 */
export function BlogMedia({ mediaRef, mediaType, title }: { mediaRef: string; mediaType?: MediaType | null; title: string }) {
  const url = mediaUrl(mediaRef);
  const kind = mediaKind(mediaRef, mediaType);
  const [broken, setBroken] = useState(false);
  return (
    <Figure>
      {kind === 'video' ? (
        <video src={url} controls preload="metadata" aria-label={`Video: ${title}`} />
      ) : (
        <img src={broken ? PLACEHOLDER_IMAGE : url} alt={title} onError={() => setBroken(true)} />
      )}
    </Figure>
  );
}

/** A card thumbnail: decorative (the title is beside it); anything that does not load as an image becomes the placeholder. */
export function BlogThumbnail({ mediaRef }: { mediaRef: string | null }) {
  const [broken, setBroken] = useState(false);
  const src = !mediaRef || broken ? PLACEHOLDER_IMAGE : mediaUrl(mediaRef);
  return <img src={src} alt="" width={600} height={315} loading="lazy" onError={() => setBroken(true)} />;
}
