import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { Container } from '@site/shared/ui/primitives';

const Main = styled(Container).attrs({ as: 'main', id: 'main' })`
  padding-top: 112px;
  min-height: 70vh;
`;

export default function CommunityPage() {
  usePageMeta({ title: 'Community', description: 'Events, articles and people building with AI in small teams.' });
  return (
    <Main>
      <h1>Community</h1>
    </Main>
  );
}
