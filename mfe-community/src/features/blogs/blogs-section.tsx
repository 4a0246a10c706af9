import { useApiRead } from '@site/shared/query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Blog } from '@site/shared/contracts/blogs';
import { StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Carousel } from '../../components/carousel';
import { Block, Lead, Loading, SectionTitle } from '../../components/layout';
import { When } from '@site/shared/ui/when';
import { blogExcerpt } from '../../lib/preview';
import { BlogThumbnail } from './blog-media';
import { RSS_PATH, publishedBlogsKey } from './blogs-api';

const BlogCard = styled.article`
  height: 100%;
  overflow: hidden;
  border-radius: ${theme.radius.lg};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  img { display: block; width: 100%; height: auto; aspect-ratio: 600 / 315; object-fit: cover; }
  div { padding: 20px; }
  h3 { margin: 0 0 6px; font-size: 1.15rem; }
  time { color: ${theme.color.textMuted}; font-size: 0.9rem; }
  p { margin: 8px 0 0; }
`;

const Heading = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 12px;
`;

export function BlogsSection() {
  const blogs = useApiRead<Blog[]>(publishedBlogsKey);

  return (
    <Block aria-labelledby="blogs-title">
      <Heading>
        <SectionTitle id="blogs-title">From the blog</SectionTitle>
        <a href={RSS_PATH}>RSS feed</a>
      </Heading>
      <Lead>Notes and guides from the community.</Lead>
      {blogs.state === 'loading' && <Loading label="Loading blogs…" />}
      {blogs.state === 'error' && (
        <StatusText role="alert" $tone="error">
          Failed to load blogs.
        </StatusText>
      )}
      {blogs.state === 'ready' && blogs.data.length === 0 && <StatusText>No blog posts yet.</StatusText>}
      {blogs.state === 'ready' && blogs.data.length > 0 && (
        <Carousel
          label="Blog posts"
          noun="blog posts"
          items={blogs.data}
          itemKey={(blog) => blog.id}
          renderItem={(blog) => (
            <BlogCard>
              <BlogThumbnail mediaRef={blog.media_cid} image={blog.media_type === 'image' ? blog.media_image : null} />
              <div>
                <h3>
                  <Link to={`/blog/${encodeURIComponent(blog.slug)}`}>{blog.title}</Link>
                </h3>
                {blog.published_at && <When iso={blog.published_at} withTime={false} />}
                <p>{blogExcerpt(blog)}</p>
              </div>
            </BlogCard>
          )}
        />
      )}
    </Block>
  );
}
