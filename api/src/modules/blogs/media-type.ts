import { mediaTypeOfUrl, type MediaType } from '@site/shared/contracts/media-type';
import type { Blog } from '@site/shared/contracts/blogs';
import type { MediaImage } from '@site/shared/contracts/content-fields';
import { parseCid } from '../media/cid';
import type { MediaImages } from '../media/images';
import type { MediaStore } from '../media/store';

/** A blog as the service builds it; the routes add how its media is shown. */
export type BlogRecord = Omit<Blog, 'media_type' | 'media_image'>;

/** A media reference's kind; `images` gives stored images' dimensions and variants by CID. */
export type MediaTypeResolver = ((ref: string) => Promise<MediaType>) & {
  images(cids: string[]): Promise<Map<string, MediaImage>>;
};

/**
 * Media type of a blog's media reference: a full URL by its file name; a CID by the content type
 * stored with the upload. A CID the store does not know is shown as an image (the spec's default).
 */
export function mediaTypeResolver(store: MediaStore, images: Pick<MediaImages, 'many'>): MediaTypeResolver {
  // A CID's bytes never change, so its type can be kept for the life of the process.
  const known = new Map<string, MediaType>();
  const resolve = async (ref: string): Promise<MediaType> => {
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
  // Variants appear after upload: read each time (the public cache keeps the answers).
  return Object.assign(resolve, { images: (cids: string[]) => images.many(cids) });
}

export async function withMediaTypes(blogs: BlogRecord[], resolve: MediaTypeResolver): Promise<Blog[]> {
  const cids = blogs.map((blog) => (blog.media_cid ? parseCid(blog.media_cid) : null)).filter((cid): cid is string => cid !== null);
  const images = await resolve.images(cids);
  return Promise.all(
    blogs.map(async (blog) => {
      const cid = blog.media_cid ? parseCid(blog.media_cid) : null;
      return { ...blog, media_type: blog.media_cid ? await resolve(blog.media_cid) : null, media_image: (cid && images.get(cid)) || null };
    }),
  );
}

export async function withMediaType(blog: BlogRecord, resolve: MediaTypeResolver): Promise<Blog> {
  const [one] = await withMediaTypes([blog], resolve);
  return one!;
}
