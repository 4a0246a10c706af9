import { useState } from 'react';
import type { Event } from '@site/shared/contracts/events';
import { StatusText } from '@site/shared/ui/primitives';
import { Carousel } from '../../components/carousel';
import { Block, Lead, Loading, SectionTitle } from '../../components/layout';
import { EventCard } from './event-card';
import { EventModal } from './event-modal';
import { useEvents } from './use-events';


export function EventsSection() {
  const state = useEvents();
  const [open, setOpen] = useState<Event | null>(null);

  return (
    <Block aria-labelledby="events-title">
      <SectionTitle id="events-title">Upcoming events</SectionTitle>
      <Lead>Workshops, meetups and demo days. Select an event for details.</Lead>
      {state.phase === 'loading' ? (
        <Loading label="Loading events…" />
      ) : (
        <>
          {state.failed && (
            <StatusText role="status">Note: Showing sample events. Live event data may be unavailable.</StatusText>
          )}
          <Carousel
            label="Events carousel"
            noun="events"
            items={state.events}
            itemKey={(event) => event.id}
            renderItem={(event) => <EventCard event={event} onOpen={setOpen} />}
          />
        </>
      )}
      {open && state.phase === 'ready' && (
        <EventModal event={open} isSample={state.usingSamples} onClose={() => setOpen(null)} />
      )}
    </Block>
  );
}
