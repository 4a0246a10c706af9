import { useParams } from 'react-router-dom';
import { Main } from '@site/shared/ui/primitives';
import { BlogArticle } from '../features/blogs/blog-article';

export default function BlogPage() {
  const { slug = '' } = useParams();
  return (
    <Main>
      <BlogArticle key={slug} slug={slug} />
    </Main>
  );
}
