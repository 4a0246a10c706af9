import type { SystemStatus } from '@site/shared/contracts/system';
import { useSession } from '@site/shared/session';
import { adminRequest } from '../../lib/api';

export const loadSystemStatus = () => adminRequest<SystemStatus>('/admin/system');

/**
 * Downloads a backup of the whole site. A plain link cannot carry the bearer token, so the archive
 * is fetched and handed to the browser as a blob under the server's file name.
 */
export async function downloadBackup(): Promise<void> {
  const session = useSession.getState();
  const send = (token: string | null) =>
    fetch('/api/admin/backup', { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  let response = await send(session.token);
  if (response.status === 401) response = await send(await session.refresh());
  if (response.status === 429) throw new Error('Too many backups in the last hour. Please try again later.');
  if (!response.ok) throw new Error(`The backup failed (${response.status}).`);
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'site-backup.tar';
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
