import { useEffect, useState } from 'react';
import { usePreloaded } from '@site/shared/preloaded';
import styled from 'styled-components';
import type { Blog } from '@site/shared/contracts/blogs';
import { NOT_FOUND_META, usePageMeta } from '@site/shared/page-meta';
import { HomeLink, StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Loading } from '../../components/layout';
import { LocalTime } from '../../components/local-time';
import { preview } from '../../lib/preview';
import { safeHtml } from '../../lib/safe-html';
import { BlogMedia } from './blog-media';
import { blogBySlugKey, fetchBlogBySlug, sendViewBeacon } from './blogs-api';

type State = { phase: 'loading' } | { phase: 'missing' } | { phase: 'ready'; blog: Blog };

const Summary = styled.p`
  font-size: 1.15rem;
  color: ${theme.color.textMuted};
`;

// A long link or word in a post wraps rather than widening the page on a phone; code and tables
// scroll inside their own box.
const Article = styled.article`
  overflow-wrap: anywhere;
`;

const Content = styled.div`
  font-size: 1.05rem;
  img, video { max-width: 100%; height: auto; border-radius: ${theme.radius.md}; }
  pre { overflow-x: auto; overflow-wrap: normal; }
  table { display: block; max-width: 100%; overflow-x: auto; }
`;

export function BlogArticle({ slug }: { slug: string }) {
  // A server-rendered page comes with its answer: no second read.
  const preloaded = usePreloaded<Blog[]>(blogBySlugKey(slug));
  const [state, setState] = useState<State>(() =>
    !preloaded ? { phase: 'loading' } : preloaded[0] ? { phase: 'ready', blog: preloaded[0] } : { phase: 'missing' },
  );
  const hasPreloaded = preloaded !== undefined;
  useEffect(() => {
    if (hasPreloaded) return undefined;
    const controller = new AbortController();
    setState({ phase: 'loading' });
    fetchBlogBySlug(slug, controller.signal)
      .then((blog) => setState(blog ? { phase: 'ready', blog } : { phase: 'missing' }))
      .catch(() => !controller.signal.aborted && setState({ phase: 'missing' }));
    return () => controller.abort();
  }, [slug, hasPreloaded]);

  const blog = state.phase === 'ready' ? state.blog : null;
  // One view per page view of the post, however the page reached the browser.
  const blogId = blog?.id;
  useEffect(() => {
    if (blogId) sendViewBeacon(blogId);
  }, [blogId]);
  usePageMeta({
    title: blog?.title ?? (state.phase === 'missing' ? NOT_FOUND_META.blog.title : 'Blog'),
    description: blog ? blog.summary || preview(blog.content) : NOT_FOUND_META.blog.description,
    noindex: state.phase === 'missing',
  });

  if (state.phase === 'loading') return <Loading label="Loading blog…" />;
  if (!blog) {
    return (
      <>
        <h1>Blog</h1>
        <StatusText role="alert" $tone="error">
          Blog not found.
        </StatusText>
        <HomeLink />
      </>
    );
  }
  return (
    <Article>
      <h1>{blog.title}</h1>
      {blog.media_cid && (
        <BlogMedia mediaRef={blog.media_cid} mediaType={blog.media_type} title={blog.title} image={blog.media_image} alt={blog.media_alt} />
      )}
      {blog.summary && <Summary>{blog.summary}</Summary>}
      {blog.published_at && (
        <p>
          Published <LocalTime iso={blog.published_at} />
        </p>
      )}
      <Content dangerouslySetInnerHTML={{ __html: safeHtml(blog.content) }} />
    </Article>
  );
}
