/**
 * User-facing texts that both the api and the pages use. Kept apart from the zod contracts so a
 * page can show them without downloading zod.
 */
export const NEWSLETTER_CONFLICT_MESSAGE = 'This email is already subscribed.';

/** The newsletter form's outcomes (SPEC §8), shown by the page with or without JavaScript. */
export const NEWSLETTER_MESSAGES = {
  // The spec's words, and what happens next: the address is only added once its link is opened.
  success: 'Successfully subscribed! Check your inbox to confirm.',
  conflict: NEWSLETTER_CONFLICT_MESSAGE,
  failure: 'An error occurred. Please try again later.',
} as const;

/** The contact form's outcomes (SPEC §8). */
export const CONTACT_MESSAGES = {
  success: 'Message sent successfully!',
  failure: 'Failed to send message.',
} as const;
