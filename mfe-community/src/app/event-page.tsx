import { useParams } from 'react-router-dom';
import { Main } from '@site/shared/ui/primitives';
import { EventDetails } from '../features/events/event-details';

export default function EventPage() {
  const { slug = '' } = useParams();
  return (
    <Main>
      <EventDetails key={slug} slug={slug} />
    </Main>
  );
}
