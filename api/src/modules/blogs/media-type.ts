import { mediaTypeOfUrl, type MediaType } from '@site/shared/contracts/media-type';
import type { Blog } from '@site/shared/contracts/blogs';
import { parseCid } from '../media/cid';
import type { MediaStore } from '../media/store';

/** A blog as the service builds it; the routes add how its media is shown. */
export type BlogRecord = Omit<Blog, 'media_type'>;

export type MediaTypeResolver = (ref: string) => Promise<MediaType>;

/**
 * Media type of a blog's media reference: a full URL by its file name; a CID by the content type
 * stored with the upload. A CID the store does not know is shown as an image (the spec's default).
 */
export function mediaTypeResolver(store: MediaStore): MediaTypeResolver {
  // A CID's bytes never change, so its type can be kept for the life of the process.
  const known = new Map<string, MediaType>();
  return async (ref) => {
    if (/^https?:\/\//i.test(ref)) return mediaTypeOfUrl(URL.canParse(ref) ? new URL(ref).pathname : ref);
    const cid = parseCid(ref);
    if (!cid) return 'image';
    const cached = known.get(cid);
    if (cached) return cached;
    const info = await store.info(cid);
    if (!info) return 'image';
    const type: MediaType = info.contentType.startsWith('video/') ? 'video' : 'image';
    known.set(cid, type);
    return type;
  };
}

export async function withMediaType(blog: BlogRecord, resolve: MediaTypeResolver): Promise<Blog> {
  return { ...blog, media_type: blog.media_cid ? await resolve(blog.media_cid) : null };
}

export const withMediaTypes = (blogs: BlogRecord[], resolve: MediaTypeResolver): Promise<Blog[]> =>
  Promise.all(blogs.map((blog) => withMediaType(blog, resolve)));
