import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { eventPath, type Event } from '@site/shared/contracts/events';
import { usePreloaded } from '@site/shared/preloaded';
import { StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { formatIst } from '../../lib/format';
import { fetchEventById, packageEventKey } from './packages-api';

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

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; event: Event | null };

/** The event a ticket is for: its title (linking its page), when in IST and where. */
export function LinkedEvent({ eventId }: { eventId: string }) {
  const preloaded = usePreloaded<Event[]>(packageEventKey(eventId));
  const [state, setState] = useState<State>(() => (preloaded ? { phase: 'ready', event: preloaded[0] ?? null } : { phase: 'loading' }));
  const hasPreloaded = preloaded !== undefined;
  useEffect(() => {
    if (hasPreloaded) return undefined;
    const controller = new AbortController();
    fetchEventById(eventId, controller.signal)
      .then((event) => setState({ phase: 'ready', event }))
      .catch(() => !controller.signal.aborted && setState({ phase: 'failed' }));
    return () => controller.abort();
  }, [eventId, hasPreloaded]);

  return (
    <Box aria-labelledby="package-event-heading">
      <h2 id="package-event-heading">Ticket for</h2>
      {state.phase === 'loading' && <StatusText role="status">Loading the event…</StatusText>}
      {state.phase === 'failed' && <StatusText role="alert">The event could not be loaded. Its id is listed below.</StatusText>}
      {state.phase === 'ready' && !state.event && <StatusText>The event is no longer listed.</StatusText>}
      {state.phase === 'ready' && state.event && (
        <>
          <p className="title">
            <Link to={eventPath(state.event.slug)}>{state.event.title}</Link>
          </p>
          <dl>
            <dt>When</dt>
            <dd>
              <time dateTime={state.event.start_time}>{formatIst(state.event.start_time)}</time>
              {state.event.end_time && (
                <>
                  , until <time dateTime={state.event.end_time}>{formatIst(state.event.end_time)}</time>
                </>
              )}
            </dd>
            <dt>Where</dt>
            <dd>{state.event.location}</dd>
          </dl>
        </>
      )}
    </Box>
  );
}
