import { useEffect, useState } from 'react';
import { VIDEO_NAME } from '../../lib/media-url';

export type MediaKind = 'image' | 'video';

/**
 * Video when the file name ends in mp4, webm or ogg; a bare CID has no name, so its content type
 * is asked of the gateway (HEAD). Anything else, or a failed check, is shown as an image.
 */
export function useMediaKind(url: string | null): MediaKind | null {
  const byName = url ? (VIDEO_NAME.test(url) ? 'video' : /^https?:\/\//.test(url) ? 'image' : null) : null;
  const [probed, setProbed] = useState<{ url: string; kind: MediaKind } | null>(null);
  useEffect(() => {
    if (!url || byName) return;
    const controller = new AbortController();
    fetch(url, { method: 'HEAD', signal: controller.signal })
      .then((response) => setProbed({ url, kind: response.headers.get('content-type')?.startsWith('video/') ? 'video' : 'image' }))
      .catch(() => !controller.signal.aborted && setProbed({ url, kind: 'image' }));
    return () => controller.abort();
  }, [url, byName]);
  if (!url) return null;
  return byName ?? (probed?.url === url ? probed.kind : null);
}
