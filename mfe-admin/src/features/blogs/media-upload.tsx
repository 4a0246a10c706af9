import { useRef, useState } from 'react';
import styled from 'styled-components';
import type { MediaImage, UploadResult } from '@site/shared/contracts/content-fields';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from '@site/shared/contracts/media-upload';
import { Button, FieldError } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { formatBytes } from '../../lib/format';
import { UploadError, uploadMedia } from '../../lib/upload';

export const MEDIA_UPLOAD_TEXTS = {
  processing: 'Processing…',
  notMedia: 'Choose an image or a video.',
  tooLarge: `The file is larger than ${MAX_UPLOAD_MB} MB.`,
};

const Progress = styled.progress`
  width: 100%;
  height: 12px;
  accent-color: ${theme.color.primary};
`;

const Preview = styled.figure`
  margin: 8px 0;
  img, video { max-width: 100%; max-height: 240px; width: auto; height: auto; border-radius: ${theme.radius.sm}; display: block; }
  figcaption { margin-top: 4px; }
`;

type Upload =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; progress: number }
  | { phase: 'uploaded'; result: UploadResult }
  | { phase: 'failed'; message: string };

export function mediaSrc(ref: string): string {
  return /^https?:\/\//.test(ref) ? ref : `/ipfs/${encodeURIComponent(ref)}`;
}

/**
 * The file chosen for a post, uploaded at once (progress, then the processed file as the api
 * stored it: dimensions and weight). `pending` is the upload still running, for a save to wait on.
 */
export function useMediaUpload(onStart: () => void, onSettled: (error: string | null) => void) {
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const pending = useRef<Promise<UploadResult> | null>(null);

  function choose(file: File | undefined) {
    if (!file) return setUpload({ phase: 'idle' });
    if (!/^(image|video)\//.test(file.type)) return setUpload({ phase: 'failed', message: MEDIA_UPLOAD_TEXTS.notMedia });
    if (file.size > MAX_UPLOAD_BYTES) return setUpload({ phase: 'failed', message: MEDIA_UPLOAD_TEXTS.tooLarge });
    setUpload({ phase: 'uploading', name: file.name, progress: 0 });
    onStart();
    const running = uploadMedia(file, (progress) => setUpload({ phase: 'uploading', name: file.name, progress }));
    pending.current = running;
    running.then(
      (result) => {
        if (pending.current !== running) return;
        pending.current = null;
        setUpload({ phase: 'uploaded', result });
        onSettled(null);
      },
      (error: unknown) => {
        if (pending.current !== running) return;
        pending.current = null;
        const message = error instanceof UploadError ? error.message : 'The upload failed.';
        setUpload({ phase: 'failed', message });
        onSettled(message);
      },
    );
  }

  return { upload, choose, pending, reset: () => setUpload({ phase: 'idle' }) };
}

export type MediaUpload = ReturnType<typeof useMediaUpload>;

interface KeptMedia {
  cid: string;
  isVideo: boolean;
  image: MediaImage | null;
}

/** The post's media field: the file picker, the upload's progress, and what is stored. */
export function MediaUploadField({ media, kept, onRemove }: { media: MediaUpload; kept: KeptMedia | null; onRemove: () => void }) {
  const { upload } = media;
  const error = upload.phase === 'failed' ? upload.message : null;
  return (
    <>
      <label htmlFor="blog-media">Media (optional image or video)</label>
      <input
        id="blog-media"
        type="file"
        accept="image/*,video/*"
        disabled={upload.phase === 'uploading'}
        aria-invalid={Boolean(error)}
        aria-describedby="blog-media-error blog-media-stored"
        onChange={(event) => media.choose(event.target.files?.[0])}
      />
      {error && <FieldError id="blog-media-error">{error}</FieldError>}
      {upload.phase === 'uploading' && (
        <div>
          <Progress max={1} value={upload.progress} aria-label="Upload progress">
            {Math.round(upload.progress * 100)}%
          </Progress>
          <p className="hint">
            {upload.progress < 1 ? `${upload.name}: ${Math.round(upload.progress * 100)}%` : MEDIA_UPLOAD_TEXTS.processing}
          </p>
        </div>
      )}
      {upload.phase === 'uploaded' && <Uploaded result={upload.result} />}
      {upload.phase !== 'uploaded' && upload.phase !== 'uploading' && kept && (
        <>
          <Preview>
            {kept.isVideo ? (
              <video src={mediaSrc(kept.cid)} controls muted aria-label="Media preview" />
            ) : (
              <img src={mediaSrc(kept.cid)} alt="Media preview" />
            )}
            {kept.image && (
              <figcaption id="blog-media-stored" className="hint">
                Stored as {kept.image.width} × {kept.image.height} px, metadata removed
                {kept.image.variants.length > 0 ? `, with ${kept.image.variants.length} resized copies` : ''}.
              </figcaption>
            )}
          </Preview>
          <Button type="button" $variant="ghost" onClick={onRemove}>
            Remove media
          </Button>
        </>
      )}
    </>
  );
}

/** The file as the api stored it: an image upright and without metadata, with its size and weight. */
function Uploaded({ result }: { result: UploadResult }) {
  const isVideo = result.content_type.startsWith('video/');
  const size = result.width && result.height ? `${result.width} × ${result.height} px, ` : '';
  return (
    <Preview>
      {isVideo ? (
        <video src={mediaSrc(result.cid)} controls muted aria-label="Media preview" />
      ) : (
        <img src={mediaSrc(result.cid)} width={result.width} height={result.height} alt="Media preview" />
      )}
      <figcaption id="blog-media-stored" className="hint">
        Uploaded: {size}
        {formatBytes(result.size)}
        {isVideo ? '' : ', metadata removed'}.
      </figcaption>
    </Preview>
  );
}
