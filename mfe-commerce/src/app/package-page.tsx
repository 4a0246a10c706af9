import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { Container } from '@site/shared/ui/primitives';

const Main = styled(Container).attrs({ as: 'main', id: 'main' })`
  padding-top: 112px;
  min-height: 70vh;
`;

export default function PackagePage() {
  usePageMeta({ title: 'Package', description: 'A Tiny Titans AI package.' });
  return (
    <Main>
      <h1>Package</h1>
    </Main>
  );
}
