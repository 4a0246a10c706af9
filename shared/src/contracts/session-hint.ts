/**
 * A readable cookie the api sets beside the HttpOnly refresh cookie (and clears with it): without it
 * the page knows there is no session and skips the silent refresh, which could only answer 401.
 */
export const SESSION_HINT_COOKIE = 'has_session';
