import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Event } from '@site/shared/contracts/events';
import { ButtonLink } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Modal } from '../../components/modal';
import { formatDateTime } from '../../lib/format-date';
import { googleCalendarLink } from './calendar-link';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  margin: 16px 0;
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
`;

export function EventModal({ event, onClose }: { event: Event; onClose: () => void }) {
  const pagePath = `/event/${encodeURIComponent(event.slug)}`;
  return (
    <Modal title={event.title} onClose={onClose}>
      <Facts>
        <dt>Starts</dt>
        <dd>{formatDateTime(event.start_time)}</dd>
        {event.end_time && (
          <>
            <dt>Ends</dt>
            <dd>{formatDateTime(event.end_time)}</dd>
          </>
        )}
        <dt>Location</dt>
        <dd>{event.location}</dd>
      </Facts>
      <p>{event.description}</p>
      <Actions>
        <ButtonLink as={Link} to={pagePath}>
          Register Now
        </ButtonLink>
        <ButtonLink
          $variant="ghost"
          href={googleCalendarLink(event, new URL(pagePath, window.location.origin).href)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Add to calendar
        </ButtonLink>
      </Actions>
    </Modal>
  );
}
