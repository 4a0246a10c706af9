// @ts-check
// Plain JavaScript, so that deploy/render-nginx.mjs (Node, no TypeScript loader) derives nginx's
// client_max_body_size from the same number the api enforces.

/** The largest upload the api accepts, in bytes. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
