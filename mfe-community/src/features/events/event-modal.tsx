import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Event } from '@site/shared/contracts/events';
import { eventPath } from '@site/shared/site-config';
import { Button, ButtonLink } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Modal } from '../../components/modal';
import { ButtonRow } from '../../components/layout';
import { When } from '@site/shared/ui/when';
import { googleCalendarLink } from './calendar-link';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  margin: 16px 0;
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; }
`;

const Actions = styled(ButtonRow)`
  flex-wrap: wrap;
`;

const SampleNote = styled.p`
  margin: 12px 0 0;
  color: ${theme.color.textMuted};
`;

interface EventModalProps {
  event: Event;
  /** A stand-in shown when live events are missing: it has no page, so it cannot be registered for. */
  isSample?: boolean;
  onClose: () => void;
}

/**
 * The spec's 'Register Now' opens an external event page; events here have none, so it opens the
 * event's own page (decision 006). Sample events have no page: the button is disabled and says why.
 */
export function EventModal({ event, isSample = false, onClose }: EventModalProps) {
  const pagePath = isSample ? '/community' : eventPath(event.slug);
  return (
    <Modal title={event.title} onClose={onClose}>
      <Facts>
        <dt>Starts</dt>
        <dd>
          <When iso={event.start_time} />
        </dd>
        {event.end_time && (
          <>
            <dt>Ends</dt>
            <dd>
              <When iso={event.end_time} />
            </dd>
          </>
        )}
        <dt>Location</dt>
        <dd>{event.location}</dd>
      </Facts>
      <p>{event.description}</p>
      <Actions>
        {isSample ? (
          <Button type="button" disabled aria-describedby="sample-event-note">
            Register Now
          </Button>
        ) : (
          <ButtonLink as={Link} to={pagePath}>
            Register Now
          </ButtonLink>
        )}
        <ButtonLink
          $variant="ghost"
          href={googleCalendarLink(event, new URL(pagePath, window.location.origin).href)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Add to calendar
        </ButtonLink>
      </Actions>
      {isSample && (
        <SampleNote id="sample-event-note">
          This is a sample event, so registration is not open. Published events appear here with their own page.
        </SampleNote>
      )}
    </Modal>
  );
}
