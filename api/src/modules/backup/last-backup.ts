import { z } from 'zod';

/** The newest backup this site made, scheduled or downloaded (kept in app_settings, shared by every instance). */
export const LastBackup = z.object({
  at: z.string(),
  size: z.number().int().min(0),
  /** The file a scheduled backup was written to; null for a download. */
  file: z.string().nullable(),
  kind: z.enum(['scheduled', 'download']),
  encrypted: z.boolean(),
});
export type LastBackup = z.infer<typeof LastBackup>;
