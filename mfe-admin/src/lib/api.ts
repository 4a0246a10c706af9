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

interface Download {
  query?: Query;
  accept?: string;
  /** The file's name when the answer names none. */
  fallbackName: string;
  /** What the person reads when the answer is not a success, by status. */
  failure: (status: number) => string;
}

/**
 * Downloads a file the api makes (a CSV export, a backup). A plain link cannot carry the bearer
 * token, so the file is fetched and handed to the browser as a blob under the server's file name.
 */
export async function downloadFile(path: string, { query = {}, accept, fallbackName, failure }: Download): Promise<void> {
  const session = useSession.getState();
  const headers = (token: string | null): Record<string, string> => ({
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(accept ? { Accept: accept } : {}),
  });
  const send = (token: string | null) => fetch(withQuery(path, query), { headers: headers(token), credentials: 'include' });
  let response = await send(session.token);
  if (response.status === 401) response = await send(await session.refresh());
  if (!response.ok) throw new Error(failure(response.status));
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

export const downloadCsv = (path: string, query: Query, fallbackName: string) =>
  downloadFile(path, { query, accept: 'text/csv', fallbackName, failure: (status) => `Export failed (${status})` });
