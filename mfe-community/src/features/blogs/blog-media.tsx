import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { useMediaUrl } from '../../lib/media-url';
import { PLACEHOLDER_IMAGE } from './placeholder';
import { useMediaKind } from './use-media-kind';

const Figure = styled.figure`
  margin: 24px 0;
  img, video {
    display: block;
    width: 100%;
    max-height: 520px;
    object-fit: cover;
    border-radius: ${theme.radius.lg};
    background: ${theme.color.surface};
  }
`;

/** A post's media on its page: a video player for video files, else an image (placeholder on error). */
export function BlogMedia({ mediaRef, title }: { mediaRef: string; title: string }) {
  const url = useMediaUrl(mediaRef);
  const kind = useMediaKind(url);
  const [broken, setBroken] = useState(false);
  if (!url || !kind) return null;
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
  const url = useMediaUrl(mediaRef);
  const [broken, setBroken] = useState(false);
  const src = !mediaRef || broken ? PLACEHOLDER_IMAGE : url;
  if (!src) return <img src={PLACEHOLDER_IMAGE} alt="" width={600} height={315} />;
  return <img src={src} alt="" width={600} height={315} loading="lazy" onError={() => setBroken(true)} />;
}
