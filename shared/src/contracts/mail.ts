import { z } from 'zod';

/** Where a queued message stands: waiting (or between retries), given up on, or accepted by the mail server. */
export const MailState = z.enum(['pending', 'failed', 'sent']);
export type MailState = z.infer<typeof MailState>;

export const MailListQuery = z.strictObject({
  state: MailState.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MailListQuery = z.infer<typeof MailListQuery>;

export const MailItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  state: MailState,
  /** Attempts made so far beyond the first. */
  retries: z.number().int(),
  /** Why the last attempt failed, when one did. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** When the next attempt is due (pending), or null. */
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type MailItem = z.infer<typeof MailItem>;

export const MailList = z.object({
  items: z.array(MailItem),
  counts: z.object({ pending: z.number().int(), failed: z.number().int(), sent: z.number().int() }),
});
export type MailList = z.infer<typeof MailList>;
