import { mediaTypeOfUrl, type MediaType } from '@site/shared/contracts/media-type';

/**
 * A media reference as a URL: full https URLs (sample data) as is, CIDs from this site's own
 * store. Never a public gateway: an IPFS node gives large files another CID (decision 004).
 */
export function mediaUrl(ref: string): string {
  if (/^https?:\/\//.test(ref)) return ref;
  return `/ipfs/${encodeURIComponent(ref)}`;
}

/** The api's media_type when given; else the spec's rule on the name (video for mp4, webm, ogg). */
export const mediaKind = (ref: string, given: MediaType | null | undefined): MediaType => given ?? mediaTypeOfUrl(ref);
