// @ts-check
// The largest file an admin may upload, declared once. Plain JavaScript so that everything reads it
// as it is: the admin's form (bundled), the api (its multipart limit) and the nginx template's
// renderer (Node, no TypeScript loader).

/** Megabytes, as the texts state the limit. */
export const MAX_UPLOAD_MB = 25;

/** Bytes: the api refuses a larger file with 413, the admin's form before sending it. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
