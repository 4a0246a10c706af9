import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { Container } from '@site/shared/ui/primitives';

const Main = styled(Container).attrs({ as: 'main', id: 'main' })`
  padding-top: 112px;
  min-height: 70vh;
`;

export default function EventPage() {
  usePageMeta({ title: 'Event', description: 'An event from the Tiny Titans AI community.' });
  return (
    <Main>
      <h1>Event</h1>
    </Main>
  );
}
