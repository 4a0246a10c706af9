import { useApiRead } from '@site/shared/query';
import styled from 'styled-components';
import type { Event } from '@site/shared/contracts/events';
import { NOT_FOUND_META, usePageMeta } from '@site/shared/page-meta';
import { Remote } from '@site/shared/remote';
import type { ComposedProps } from '../../composed-types';
import { HomeLink, StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Loading } from '../../components/layout';
import { When } from '@site/shared/ui/when';
import { preview } from '../../lib/preview';
import { eventBySlugKey } from './events-api';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; }
`;

export function EventDetails({ slug }: { slug: string }) {
  const found = useApiRead<Event[]>(eventBySlugKey(slug));
  const loading = found.state === 'loading';
  // An event that cannot be read is shown as not found.
  const event = found.state === 'ready' ? (found.data[0] ?? null) : null;
  const missing = !loading && !event;
  usePageMeta({
    title: event?.title ?? (missing ? NOT_FOUND_META.event.title : 'Event'),
    description: event ? preview(event.description) : NOT_FOUND_META.event.description,
    noindex: missing,
  });

  if (loading) return <Loading label="Loading event…" />;
  if (!event) {
    return (
      <>
        <h1>Event</h1>
        <StatusText role="alert" $tone="error">
          Event not found.
        </StatusText>
        <HomeLink />
      </>
    );
  }
  return (
    <article>
      <h1>{event.title}</h1>
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
      <section aria-labelledby="packages-title">
        <h2 id="packages-title">Tickets &amp; Packages</h2>
        {/* Packages and their purchase belong to commerce, composed here through federation. */}
        <Remote
          id="mfe_commerce/EventPackages"
          what="the event's packages"
          props={{ eventId: event.id } satisfies ComposedProps<'mfe_commerce/EventPackages'>}
          fallback={<StatusText role="status">Loading packages…</StatusText>}
        />
      </section>
    </article>
  );
}
