import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Which side of a trial (decision 058) a request is on. The canary's visitor carries a bucket
 * (0–99) in a small signed cookie, set only while a canary runs and holding nothing else: the
 * letter before it says the side it gave for the canary under way (`c` candidate, `l` live), so
 * the proxy's micro-cache can key pages by side without knowing the share. An admin previewing
 * carries a signed preview cookie instead, checked against the account on every page.
 */
export type Side = 'live' | 'candidate';

export const BUCKET_COOKIE = 'site_bucket';
export const PREVIEW_COOKIE = 'site_preview';
/** A visitor stays in their bucket across visits: a canary lasts hours or days, not more. */
export const BUCKET_MAX_AGE_S = 30 * 86_400;
/** A preview lasts a working day; turned on again from Admin → Releases. */
export const PREVIEW_MAX_AGE_S = 8 * 3_600;

const sign = (key: string, purpose: string, payload: string) => createHmac('sha256', key).update(`${purpose}:${payload}`).digest('base64url').slice(0, 22);

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The payload of a value this site signed for `purpose`, else null. */
function verified(key: string, purpose: string, value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const payload = value.slice(0, dot);
  return same(value.slice(dot + 1), sign(key, purpose, payload)) ? payload : null;
}

export interface Bucket {
  bucket: number;
  /** The side the cookie was given for. */
  side: Side;
}

const BUCKET_VALUE = /^([cl])(\d{1,2})$/;

export const bucketCookieValue = (key: string, { bucket, side }: Bucket) => {
  const payload = `${side === 'candidate' ? 'c' : 'l'}${bucket}`;
  return `${payload}.${sign(key, 'release-bucket', payload)}`;
};

/** The bucket of a cookie this site signed; a tampered or made-up value is ignored (null). */
export function readBucket(key: string, value: string | undefined): Bucket | null {
  const match = BUCKET_VALUE.exec(verified(key, 'release-bucket', value) ?? '');
  return match ? { bucket: Number(match[2]), side: match[1] === 'c' ? 'candidate' : 'live' } : null;
}

/** Buckets below the share get the candidate: raising the share keeps everyone who had it. */
export const sideOfBucket = (bucket: number, percent: number): Side => (bucket < percent ? 'candidate' : 'live');

export const newBucket = () => randomInt(100);

/** The preview cookie: the admin's id and when it ends, signed. */
export function previewCookieValue(key: string, userId: string, now = Date.now()): string {
  const payload = `${userId}~${now + PREVIEW_MAX_AGE_S * 1000}`;
  return `${payload}.${sign(key, 'release-preview', payload)}`;
}

/** The account a preview cookie names, if this site signed it and it has not ended; the caller checks the account is an admin's. */
export function readPreview(key: string, value: string | undefined, now = Date.now()): string | null {
  const payload = verified(key, 'release-preview', value);
  if (!payload) return null;
  const [userId, until] = payload.split('~');
  return userId && Number(until) > now ? userId : null;
}
