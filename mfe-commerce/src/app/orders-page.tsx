import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { Container } from '@site/shared/ui/primitives';

const Main = styled(Container).attrs({ as: 'main', id: 'main' })`
  padding-top: 112px;
  min-height: 70vh;
`;

export default function OrdersPage() {
  usePageMeta({ title: 'Your orders', description: 'Your orders and purchases.' });
  return (
    <Main>
      <h1>Your orders</h1>
    </Main>
  );
}
