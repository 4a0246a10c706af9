import type { SystemStatus } from '@site/shared/contracts/system';
import { adminRequest, downloadFile } from '../../lib/api';

export const loadSystemStatus = () => adminRequest<SystemStatus>('/admin/system');

/** Downloads a backup of the whole site under the server's file name. */
export const downloadBackup = () =>
  downloadFile('/admin/backup', {
    fallbackName: 'site-backup.tar',
    failure: (status) => (status === 429 ? 'Too many backups in the last hour. Please try again later.' : `The backup failed (${status}).`),
  });
