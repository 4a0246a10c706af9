import { LastBackupInfo } from '@site/shared/contracts/system';

/** The newest backup this site made, scheduled or downloaded (kept in app_settings, shared by every instance). */
export const LastBackup = LastBackupInfo;
export type LastBackup = LastBackupInfo;
