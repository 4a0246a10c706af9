/**
 * User-facing texts that both the api and the pages use. Kept apart from the zod contracts so a
 * page can show them without downloading zod.
 */
export const NEWSLETTER_CONFLICT_MESSAGE = 'This email is already subscribed.';
