// Without zod: the community pages decide a post's media type on first paint and load no validator.

/** How a post's media is shown: the spec's rule is a video for mp4, webm or ogg files, else an image. */
export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** A file name or URL path naming a video (query and fragment ignored). */
const VIDEO_FILE_NAME = /\.(mp4|webm|ogg)(?:[?#].*)?$/i;

/** The media type of a full URL, decided from its file name (sample and legacy media). */
export const mediaTypeOfUrl = (url: string): MediaType => (VIDEO_FILE_NAME.test(url) ? 'video' : 'image');
