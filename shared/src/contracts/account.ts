import { z } from 'zod';
import { SubscriberItem } from './admin';
import { UserBody } from './auth';
import { OrderList } from './orders';

/** GET /api/users/me/data: everything the site keeps about the signed-in account, as a download. */
export const AccountExport = z.object({
  exported_at: z.string(),
  profile: UserBody,
  /** Every order, paid or not, newest first. */
  orders: OrderList,
  /** The newsletter subscription of the account's e-mail address, if any. */
  newsletter: SubscriberItem.nullable(),
});
export type AccountExport = z.infer<typeof AccountExport>;

/** POST /api/users/me/delete: the current password confirms it is the owner asking. */
export const DeleteAccountBody = z.strictObject({
  password: z.string().min(1, 'Please enter your password.').max(200),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted. Paid orders are kept for our accounts without your name or e-mail.';
