import { z } from 'zod';
import { hasNoNul, NO_NUL_MESSAGE } from './common';

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

/** How a post's media is shown: the spec's rule is a video for mp4, webm or ogg files, else an image. */
export const MediaType = z.enum(['image', 'video']);
export type MediaType = z.infer<typeof MediaType>;

/** A file name or URL path naming a video (query and fragment ignored). */
export const VIDEO_FILE_NAME = /\.(mp4|webm|ogg)(?:[?#].*)?$/i;

/** The media type of a full URL, decided from its file name (sample and legacy media). */
export const mediaTypeOfUrl = (url: string): MediaType => (VIDEO_FILE_NAME.test(url) ? 'video' : 'image');

/** Answer of GET /api/media/config: where the front end reads media by CID. */
export const MediaConfig = z.object({ gateway_url: z.string() });
export type MediaConfig = z.infer<typeof MediaConfig>;

/** Answer of POST /api/ipfs/upload-image. */
export const UploadResult = z.object({ cid: z.string(), content_type: z.string(), size: z.number().int() });
export type UploadResult = z.infer<typeof UploadResult>;
