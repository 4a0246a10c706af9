import { z } from 'zod';
import { hasNoNul, NO_NUL_MESSAGE } from './common';
import { MEDIA_TYPES } from './media-type';

/** Years PostgreSQL and every browser read alike; outside them a timestamp is a typo or an attack. */
export const MIN_TIMESTAMP_YEAR = 1000;
export const MAX_TIMESTAMP_YEAR = 9999;

/** An ISO 8601 timestamp with a zone (Z or an offset), as the api reads and writes them. */
export const TimestampSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= MIN_TIMESTAMP_YEAR && year <= MAX_TIMESTAMP_YEAR;
}, `Use a date between the years ${MIN_TIMESTAMP_YEAR} and ${MAX_TIMESTAMP_YEAR}.`);

/** A search value: one non-empty string (the field decides how it is read). */
export const SearchValue = z.string().trim().min(1).max(200).refine(hasNoNul, NO_NUL_MESSAGE);

/**
 * A media reference: the CID of an uploaded file (CIDv1 base32 or CIDv0) or, for sample and
 * legacy content, a full https URL used as is. Anything else (javascript:, data:) is refused.
 */
export const MediaRef = z
  .string()
  .trim()
  .max(2048)
  .regex(/^(b[a-z2-7]{20,}|Qm[1-9A-HJ-NP-Za-km-z]{44}|https:\/\/[^\s"'<>]+)$/, 'Use a media CID or an https URL.');

/** How a post's media is shown (see media-type.ts). */
export const MediaType = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof MediaType>;

/** Answer of GET /api/media/config: where the front end reads media by CID. */
export const MediaConfig = z.object({ gateway_url: z.string() });
export type MediaConfig = z.infer<typeof MediaConfig>;

/** One derived file of an image: a srcset entry in a format, or the link preview's cover. */
export const MediaVariant = z.object({
  kind: z.enum(['srcset', 'cover']),
  format: z.enum(['avif', 'webp', 'jpeg', 'png']),
  width: z.number().int(),
  height: z.number().int(),
  cid: z.string(),
  size: z.number().int(),
});
export type MediaVariant = z.infer<typeof MediaVariant>;

/**
 * A stored image as pages show it: its dimensions (declared, so nothing moves as it loads) and its
 * derived files, empty until they are made (the original is shown meanwhile).
 */
export const MediaImage = z.object({ width: z.number().int(), height: z.number().int(), variants: z.array(MediaVariant) });
export type MediaImage = z.infer<typeof MediaImage>;

/** Answer of POST /api/ipfs/upload-image; images also carry their dimensions after cleaning. */
export const UploadResult = z.object({
  cid: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type UploadResult = z.infer<typeof UploadResult>;
