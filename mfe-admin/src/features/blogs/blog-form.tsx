import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useParams } from 'react-router-dom';
import { SlugSchema } from '@site/shared/contracts/common';
import type { Blog } from '@site/shared/contracts/blogs';
import { messageOf } from '@site/shared/api-client';
import { isAdmin, useSession } from '@site/shared/session';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Button, Field, FieldError, StatusText } from '@site/shared/ui/primitives';
import { FormCard, LoadError, Loading, PageHeader } from '../../components/ui';
import { RichTextEditor, isEmptyHtml } from '../../components/rich-text-editor';
import { UploadError } from '../../lib/upload';
import { useQuery } from '@site/shared/query';
import { createBlog, findBlog, updateBlog } from './blogs-api';
import { MediaUploadField, useMediaUpload } from './media-upload';
import { NewsletterPanel } from './newsletter-panel';

export const BLOG_FORM_TEXTS = {
  uploading: 'Uploading media…',
  savingDraft: 'Saving draft...',
  publishing: 'Publishing blog...',
  draftSaved: 'Draft saved!',
  published: 'Blog published!',
  empty: 'Slug, title, and content cannot be empty.',
  notAdmin: 'Only admins can create blogs.',
  failed: 'Error submitting blog.',
};

const BlogFormSchema = z.object({
  title: z.string().trim().min(1, 'Title is required.').max(200, 'At most 200 characters.'),
  slug: z.string().trim().min(1, 'Slug is required.').pipe(SlugSchema),
  summary: z.string().trim().max(500, 'At most 500 characters.'),
  content: z.string().refine((html) => !isEmptyHtml(html), 'Content is required.'),
  media_alt: z.string().trim().max(300, 'At most 300 characters.'),
});
type BlogFormValues = z.input<typeof BlogFormSchema>;

type Phase = 'idle' | 'uploading' | 'saving' | 'done';

/** New and edit share this form; `blog` is the post being edited. */
function BlogForm({ blog }: { blog: Blog | null }) {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<BlogFormValues>({
    resolver: zodResolver(BlogFormSchema),
    defaultValues: {
      title: blog?.title ?? '',
      slug: blog?.slug ?? '',
      summary: blog?.summary ?? '',
      content: blog?.content ?? '',
      media_alt: blog?.media_alt ?? '',
    },
  });
  const [keptMedia, setKeptMedia] = useState<string | null>(blog?.media_cid ?? null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [status, setStatus] = useState<{ text: string; tone: 'muted' | 'success' | 'error' } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // A file is uploaded as soon as it is chosen; a save started meanwhile waits for it.
  const media = useMediaUpload(
    () => setStatus({ text: BLOG_FORM_TEXTS.uploading, tone: 'muted' }),
    (error) => setStatus(error ? { text: error, tone: 'error' } : null),
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function submit(values: BlogFormValues, publish: boolean) {
    if (!token || !isAdmin(user)) return setStatus({ text: BLOG_FORM_TEXTS.notAdmin, tone: 'error' });
    let mediaCid = keptMedia;
    try {
      if (media.upload.phase === 'failed') throw new UploadError(media.upload.message);
      if (media.pending.current) {
        setPhase('uploading');
        setStatus({ text: BLOG_FORM_TEXTS.uploading, tone: 'muted' });
        mediaCid = (await media.pending.current).cid;
      } else if (media.upload.phase === 'uploaded') {
        mediaCid = media.upload.result.cid;
      }
      setPhase('saving');
      setStatus({ text: publish ? BLOG_FORM_TEXTS.publishing : BLOG_FORM_TEXTS.savingDraft, tone: 'muted' });
      const fields = {
        title: values.title.trim(),
        slug: values.slug.trim(),
        summary: values.summary.trim() || null,
        content: values.content.trim(),
        media_cid: mediaCid,
        media_alt: mediaCid ? values.media_alt.trim() || null : null,
      };
      const status = publish ? 'published' : 'draft';
      if (blog) {
        await updateBlog(blog.id, {
          ...fields,
          status,
          ...(publish && !blog.published_at ? { published_at: new Date().toISOString() } : {}),
        });
      } else {
        await createBlog({ ...fields, status, published_at: publish ? new Date().toISOString() : null });
      }
      const done = publish ? BLOG_FORM_TEXTS.published : BLOG_FORM_TEXTS.draftSaved;
      setPhase('done');
      setStatus({ text: done, tone: 'success' });
      toast.success(done);
      timer.current = window.setTimeout(() => navigate('/admin/blogs'), 1000);
    } catch (error) {
      setPhase('idle');
      const text = error instanceof UploadError ? error.message : messageOf(error, BLOG_FORM_TEXTS.failed);
      setStatus({ text, tone: 'error' });
    }
  }

  const onInvalid = () => {
    const { title, slug, content } = getValues();
    if (!title.trim() || !slug.trim() || isEmptyHtml(content)) setStatus({ text: BLOG_FORM_TEXTS.empty, tone: 'error' });
    else setStatus(null);
  };

  const busy = phase === 'uploading' || phase === 'saving' || phase === 'done';
  const kept = keptMedia
    ? { cid: keptMedia, isVideo: blog?.media_type === 'video', image: blog?.media_cid === keptMedia ? (blog.media_image ?? null) : null }
    : null;

  return (
    <FormCard noValidate aria-describedby="blog-form-status" onSubmit={(event) => event.preventDefault()}>
      <fieldset disabled={busy}>
        <Field>
          <label htmlFor="blog-title">Title</label>
          <input id="blog-title" aria-invalid={Boolean(errors.title)} aria-describedby="blog-title-error" {...register('title')} />
          {errors.title && <FieldError id="blog-title-error">{errors.title.message}</FieldError>}
        </Field>
        <Field>
          <label htmlFor="blog-slug">Slug</label>
          <input id="blog-slug" aria-invalid={Boolean(errors.slug)} aria-describedby="blog-slug-hint blog-slug-error" {...register('slug')} />
          <p id="blog-slug-hint" className="hint">
            The address of the post: /blog/your-slug (lowercase letters, digits and hyphens).
          </p>
          {errors.slug && <FieldError id="blog-slug-error">{errors.slug.message}</FieldError>}
        </Field>
        <Field>
          <label htmlFor="blog-summary">Summary (optional)</label>
          <textarea id="blog-summary" rows={2} aria-invalid={Boolean(errors.summary)} aria-describedby="blog-summary-error" {...register('summary')} />
          {errors.summary && <FieldError id="blog-summary-error">{errors.summary.message}</FieldError>}
        </Field>
        <Field>
          <span id="blog-content-label" style={{ fontWeight: 600 }}>
            Content
          </span>
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <RichTextEditor
                id="blog-content"
                labelledBy="blog-content-label"
                describedBy={errors.content ? 'blog-content-error' : undefined}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.content)}
                disabled={busy}
              />
            )}
          />
          {errors.content && <FieldError id="blog-content-error">{errors.content.message}</FieldError>}
        </Field>
        <Field>
          <MediaUploadField media={media} kept={kept} onRemove={() => setKeptMedia(null)} />
        </Field>
        <Field>
          <label htmlFor="blog-media-alt">Image description (alt text)</label>
          <textarea
            id="blog-media-alt"
            rows={2}
            aria-invalid={Boolean(errors.media_alt)}
            aria-describedby="blog-media-alt-hint blog-media-alt-error"
            {...register('media_alt')}
          />
          <p id="blog-media-alt-hint" className="hint">
            What the image shows, for readers who cannot see it and for link previews. The title is used when empty.
          </p>
          {errors.media_alt && <FieldError id="blog-media-alt-error">{errors.media_alt.message}</FieldError>}
        </Field>
        <div className="buttons">
          <Button type="button" $variant="ghost" onClick={handleSubmit((values) => submit(values, false), onInvalid)}>
            Save Draft
          </Button>
          <Button type="button" onClick={handleSubmit((values) => submit(values, true), onInvalid)}>
            Publish
          </Button>
        </div>
      </fieldset>
      <div id="blog-form-status" role="status" aria-live="polite">
        {status && <StatusText $tone={status.tone}>{status.text}</StatusText>}
      </div>
    </FormCard>
  );
}

export function NewBlogPage() {
  usePageMeta({ title: 'Upload a New Blog', description: 'Write a new blog post.' });
  return (
    <>
      <PageHeader>
        <h1>Upload a New Blog</h1>
      </PageHeader>
      <BlogForm blog={null} />
    </>
  );
}

export function EditBlogPage() {
  const { id = '' } = useParams();
  usePageMeta({ title: 'Edit Blog', description: 'Edit a blog post.' });
  const blog = useQuery(id, () => findBlog(id));
  return (
    <>
      <PageHeader>
        <h1>Edit Blog</h1>
      </PageHeader>
      {blog.state === 'loading' && <Loading />}
      {blog.state === 'error' && <LoadError text="Failed to load the blog post." onRetry={blog.reload} />}
      {blog.state === 'ready' && !blog.data && <LoadError text="Blog not found." />}
      {blog.state === 'ready' && blog.data && <BlogForm key={blog.data.id} blog={blog.data} />}
      {blog.state === 'ready' && blog.data?.status === 'published' && <NewsletterPanel blog={blog.data} />}
    </>
  );
}
