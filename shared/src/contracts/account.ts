import { z } from 'zod';
import { UserBody } from './auth';
import { OrderList } from './orders';

/** GET /api/users/me/data: everything the site keeps about the signed-in account, as a download. */
export const AccountExport = z.object({
  exported_at: z.string(),
  profile: UserBody,
  /** Every order, paid or not, newest first. */
  orders: OrderList,
  /**
   * Why the newsletter subscription is not in here: an account's address is never verified, so a
   * subscription under it may be someone else's (its own e-mails carry its unsubscribe link).
   */
  note: z.string(),
});
export type AccountExport = z.infer<typeof AccountExport>;

export const ACCOUNT_EXPORT_NOTE =
  'A newsletter subscription is not part of your account: it is neither included here nor removed with the account. Every newsletter e-mail has a link to unsubscribe.';

/** POST /api/users/me/delete: the current password confirms it is the owner asking. */
export const DeleteAccountBody = z.strictObject({
  password: z.string().min(1, 'Please enter your password.').max(200),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted. Paid orders are kept for our accounts without your name or e-mail.';
