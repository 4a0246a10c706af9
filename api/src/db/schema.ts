import { appSettings } from './tables';
import { passwordResetTokens, users } from '../modules/users/table';
import { refreshTokens } from '../modules/auth/table';
import { blogs } from '../modules/blogs/table';
import { events } from '../modules/events/table';
import { packages } from '../modules/packages/table';
import { contactMessages } from '../modules/contacts/table';
import { newsletterSubscriptions } from '../modules/newsletters/table';
import { rateLimits } from '../plugins/rate-limit-table';

/** Every table, for Drizzle's relational queries. Modules add theirs here. */
export const schema = {
  appSettings,
  users,
  passwordResetTokens,
  refreshTokens,
  blogs,
  events,
  packages,
  contactMessages,
  newsletterSubscriptions,
  rateLimits,
};
export type Schema = typeof schema;
