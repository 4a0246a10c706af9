import type { UploadResult } from '@site/shared/contracts/content-fields';
import { API_BASE } from '@site/shared/api-client';
import { useSession } from '@site/shared/session';

export class UploadError extends Error {}

/**
 * Uploads one media file with XMLHttpRequest, the only browser api that reports upload progress.
 * `onProgress` gets 0..1. Retries once with a renewed token on 401.
 */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  const attempt = (token: string | null) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${API_BASE}/ipfs/upload-image`);
      xhr.withCredentials = true;
      xhr.responseType = 'json';
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
      xhr.onerror = () => reject(new UploadError('The upload failed: check your connection.'));
      const form = new FormData();
      form.append('image', file);
      xhr.send(form);
    });

  return (async () => {
    const session = useSession.getState();
    let answer = await attempt(session.token);
    if (answer.status === 401) answer = await attempt(await session.refresh());
    const body = answer.body as Partial<UploadResult & { message: string }> | null;
    if (answer.status !== 201 && answer.status !== 200) {
      throw new UploadError(body?.message ?? `The upload failed (${answer.status}).`);
    }
    if (!body?.cid) throw new UploadError('The upload failed: no content id came back.');
    onProgress(1);
    return body as UploadResult;
  })();
}
