import { appSettings } from './tables';
import { passwordResetTokens, users } from '../modules/users/table';
import { refreshTokens } from '../modules/auth/table';
import { blogs, blogViews } from '../modules/blogs/table';
import { events } from '../modules/events/table';
import { packages } from '../modules/packages/table';
import { contactMessages } from '../modules/contacts/table';
import { newsletterSends, newsletterSubscriptions } from '../modules/newsletters/table';
import { rateLimits } from './tables';
import { orders } from '../modules/orders/table';
import { consultationPackages } from '../modules/consultations/table';
import { paymentWebhookEvents } from '../modules/payments/table';
import { auditLog } from '../modules/audit/table';
import { mediaImages, mediaObjects } from '../modules/media/table';
import { mailKeys } from '../modules/mail/table';
import { releaseTrials, remoteReleases } from '../modules/releases/table';
import { webVitals } from '../modules/vitals/table';
import { availabilityOverrides, availabilityRules, availabilityWeekdays, calendarFeedBusy, calendarFeeds } from '../modules/availability/table';

/** Every table, for Drizzle's relational queries. Modules add theirs here. */
export const schema = {
  appSettings,
  users,
  passwordResetTokens,
  refreshTokens,
  blogs,
  blogViews,
  events,
  packages,
  contactMessages,
  newsletterSubscriptions,
  newsletterSends,
  rateLimits,
  consultationPackages,
  orders,
  paymentWebhookEvents,
  auditLog,
  mediaObjects,
  mediaImages,
  mailKeys,
  remoteReleases,
  releaseTrials,
  availabilityWeekdays,
  availabilityRules,
  availabilityOverrides,
  calendarFeeds,
  calendarFeedBusy,
  webVitals,
};
export type Schema = typeof schema;
