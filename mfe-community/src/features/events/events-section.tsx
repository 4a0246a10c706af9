import { useState } from 'react';
import styled from 'styled-components';
import type { Event } from '@site/shared/contracts/events';
import { StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Carousel } from '../../components/carousel';
import { Block, Lead, Loading, SectionTitle } from '../../components/layout';
import { formatDateTime } from '../../lib/format-date';
import { preview } from '../../lib/preview';
import { EventModal } from './event-modal';
import { useEvents } from './use-events';

const EventCard = styled.button`
  all: unset;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 100%;
  height: 100%;
  padding: 24px;
  cursor: pointer;
  border-radius: ${theme.radius.lg};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  &:hover { border-color: ${theme.color.primary}; }
  &:focus-visible { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
  h3 { margin: 0; font-size: 1.15rem; }
  time, span { color: ${theme.color.textMuted}; font-size: 0.95rem; }
  p { margin: 0; }
`;

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
            renderItem={(event) => (
              <EventCard type="button" aria-haspopup="dialog" onClick={() => setOpen(event)}>
                <h3>{event.title}</h3>
                <time dateTime={event.start_time}>{formatDateTime(event.start_time)}</time>
                <span>{event.location}</span>
                <p>{preview(event.description)}</p>
              </EventCard>
            )}
          />
        </>
      )}
      {open && <EventModal event={open} onClose={() => setOpen(null)} />}
    </Block>
  );
}
