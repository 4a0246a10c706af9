import { useEffect } from 'react';
import { useApiRead } from '@site/shared/query';
import styled from 'styled-components';
import type { Blog } from '@site/shared/contracts/blogs';
import { NOT_FOUND_META, usePageMeta } from '@site/shared/page-meta';
import { HomeLink, StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Loading } from '../../components/layout';
import { When } from '@site/shared/ui/when';
import { preview } from '../../lib/preview';
import { safeHtml } from '../../lib/safe-html';
import { BlogMedia } from './blog-media';
import { blogBySlugKey, sendViewBeacon } from './blogs-api';

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
  const found = useApiRead<Blog[]>(blogBySlugKey(slug));
  const loading = found.state === 'loading';
  // A post that cannot be read is shown as not found.
  const blog = found.state === 'ready' ? (found.data[0] ?? null) : null;
  const missing = !loading && !blog;
  // One view per page view of the post, however the page reached the browser.
  const blogId = blog?.id;
  useEffect(() => {
    if (blogId) sendViewBeacon(blogId);
  }, [blogId]);
  usePageMeta({
    title: blog?.title ?? (missing ? NOT_FOUND_META.blog.title : 'Blog'),
    description: blog ? blog.summary || preview(blog.content) : NOT_FOUND_META.blog.description,
    noindex: missing,
  });

  if (loading) return <Loading label="Loading blog…" />;
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
          Published <When iso={blog.published_at} withTime={false} />
        </p>
      )}
      <Content dangerouslySetInnerHTML={{ __html: safeHtml(blog.content) }} />
    </Article>
  );
}
