import { z } from 'zod';
import { IdSchema, SlugSchema } from './common';
import { MediaImage, MediaRef, MediaType, SearchValue, TimestampSchema } from './content-fields';

export const BlogStatus = z.enum(['draft', 'published', 'archived']);
export type BlogStatus = z.infer<typeof BlogStatus>;

export const Blog = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  summary: z.string().nullable(),
  media_cid: z.string().nullable(),
  /**
   * How to show media_cid, decided by the api (from the stored upload's content type, or from a
   * URL's file name), so the page can lay the media out without asking the gateway first.
   */
  media_type: MediaType.nullable(),
  /** The image's text alternative as the admin wrote it; pages fall back to the title. */
  media_alt: z.string().nullable(),
  /** A stored image's dimensions and variants (srcset, link preview); null for other media. */
  media_image: MediaImage.nullable(),
  author_id: z.string(),
  published_at: z.string().nullable(),
  status: BlogStatus,
  views_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Blog = z.infer<typeof Blog>;
export const BlogList = z.array(Blog);

const editable = {
  title: z.string().trim().min(1).max(200),
  slug: SlugSchema,
  /** HTML; the api sanitizes it with an allow-list before storing it. */
  content: z.string().trim().min(1).max(200_000),
  summary: z.string().trim().max(500).nullable(),
  media_cid: MediaRef.nullable(),
  media_alt: z.string().trim().max(300).nullable(),
  published_at: TimestampSchema.nullable(),
};

export const BlogCreateBody = z.strictObject({
  ...editable,
  summary: editable.summary.optional(),
  media_cid: editable.media_cid.optional(),
  media_alt: editable.media_alt.optional(),
  published_at: editable.published_at.optional(),
  status: z.enum(['draft', 'published']).default('draft'),
  /** Accepted for the spec's payload but ignored: the author is the token's subject. */
  author_id: z.string().max(100).optional(),
});
export type BlogCreateBody = z.input<typeof BlogCreateBody>;

export const BlogUpdateBody = z
  .strictObject({
    title: editable.title.optional(),
    slug: editable.slug.optional(),
    content: editable.content.optional(),
    summary: editable.summary.optional(),
    media_cid: editable.media_cid.optional(),
    media_alt: editable.media_alt.optional(),
    published_at: editable.published_at.optional(),
    status: BlogStatus.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update.' });
export type BlogUpdateBody = z.input<typeof BlogUpdateBody>;

export const BlogArchiveBody = z.strictObject({ ids: z.array(IdSchema).min(1).max(100) });
export const BlogIdParams = z.strictObject({ id: IdSchema });

/** GET /blogs/search: the fields a caller may search by. */
export const BlogSearchField = z.enum(['status', 'slug']);
export const BlogSearchQuery = z.strictObject({ field: BlogSearchField, value: SearchValue });
