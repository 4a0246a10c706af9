import { apiRequest, type RequestOptions } from '@site/shared/api-client';
import { useSession } from '@site/shared/session';

/** Every admin call carries the bearer token (and is retried once after a refresh on 401). */
export const adminRequest = <T>(path: string, options: Omit<RequestOptions, 'auth'> = {}) =>
  apiRequest<T>(path, { ...options, auth: true });

export type { Page } from '@site/shared/contracts/admin';

type Query = Record<string, string | number | boolean | undefined>;

function withQuery(path: string, query: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Downloads a CSV export. A plain link cannot carry the bearer token, so the file is fetched and
 * handed to the browser as a blob under the server's file name.
 */
export async function downloadCsv(path: string, query: Query, fallbackName: string): Promise<void> {
  const session = useSession.getState();
  const send = (token: string | null) =>
    fetch(withQuery(path, query), {
      headers: token ? { Authorization: `Bearer ${token}`, Accept: 'text/csv' } : { Accept: 'text/csv' },
      credentials: 'include',
    });
  let response = await send(session.token);
  if (response.status === 401) response = await send(await session.refresh());
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or the download would find nothing.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
