import { z } from 'zod';
import { PageQuery, pageOf } from './admin';

/** Where a queued message stands: waiting (or between retries), given up on, or accepted by the mail server. */
export const MailState = z.enum(['pending', 'failed', 'sent']);
export type MailState = z.infer<typeof MailState>;

/** One page of the messages, newest first, like every other admin list (`?page=&page_size=`). */
export const MailListQuery = PageQuery.extend({
  state: MailState.optional(),
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

/** A page of messages (`total`: those of the chosen state) and how many there are in each state. */
export const MailList = pageOf(MailItem).extend({
  counts: z.object({ pending: z.number().int(), failed: z.number().int(), sent: z.number().int() }),
});
export type MailList = z.infer<typeof MailList>;
