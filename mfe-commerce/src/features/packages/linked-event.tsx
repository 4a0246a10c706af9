import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Event } from '@site/shared/contracts/events';
import { eventPath } from '@site/shared/site-config';
import { useApiRead, type Query } from '@site/shared/query';
import { StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { formatWhen } from '../../lib/format';
import { packageEventKey } from './packages-api';

const Box = styled.section`
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surfaceRaised};
  padding: 16px 20px;
  h2 { font-size: 1rem; margin: 0 0 6px; color: ${theme.color.textMuted}; font-weight: 600; }
  .title { font-size: 1.25rem; font-weight: 700; margin: 0 0 8px; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; margin: 0; }
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

/** The event of a ticket package, read once for the page (its box and its facts show it). */
export function usePackageEvent(eventId: string): { found: Query<Event[]>; event: Event | null } {
  const found = useApiRead<Event[]>(packageEventKey(eventId));
  return { found, event: found.state === 'ready' ? (found.data[0] ?? null) : null };
}

/** The event a ticket is for: its title (linking its page), when in IST and where. */
export function LinkedEvent({ found, event }: { found: Query<Event[]>; event: Event | null }) {

  return (
    <Box aria-labelledby="package-event-heading">
      <h2 id="package-event-heading">Ticket for</h2>
      {found.state === 'loading' && <StatusText role="status">Loading the event…</StatusText>}
      {found.state === 'error' && <StatusText role="alert">The event could not be loaded. Its id is listed below.</StatusText>}
      {found.state === 'ready' && !event && <StatusText>The event is no longer listed.</StatusText>}
      {event && (
        <>
          <p className="title">
            <Link to={eventPath(event.slug)}>{event.title}</Link>
          </p>
          <dl>
            <dt>When</dt>
            <dd>
              <time dateTime={event.start_time}>{formatWhen(event.start_time)}</time>
              {event.end_time && (
                <>
                  , until <time dateTime={event.end_time}>{formatWhen(event.end_time)}</time>
                </>
              )}
            </dd>
            <dt>Where</dt>
            <dd>{event.location}</dd>
          </dl>
        </>
      )}
    </Box>
  );
}
