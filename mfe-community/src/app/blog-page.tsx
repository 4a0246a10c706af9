import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { Container } from '@site/shared/ui/primitives';

const Main = styled(Container).attrs({ as: 'main', id: 'main' })`
  padding-top: 112px;
  min-height: 70vh;
`;

export default function BlogPage() {
  usePageMeta({ title: 'Blog', description: 'An article from the Tiny Titans AI blog.' });
  return (
    <Main>
      <h1>Blog</h1>
    </Main>
  );
}
