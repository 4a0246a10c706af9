import { useParams } from 'react-router-dom';
import { Main } from '../components/layout';
import { EventDetails } from '../features/events/event-details';

export default function EventPage() {
  const { slug = '' } = useParams();
  return (
    <Main>
      <EventDetails key={slug} slug={slug} />
    </Main>
  );
}
