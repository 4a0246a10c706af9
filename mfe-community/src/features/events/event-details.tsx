import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Event } from '@site/shared/contracts/events';
import type { Package } from '@site/shared/contracts/packages';
import { usePageMeta } from '@site/shared/page-meta';
import { ButtonLink, Card, StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Loading } from '../../components/layout';
import { formatDateTime } from '../../lib/format-date';
import { preview } from '../../lib/preview';
import { fetchEventBySlug, fetchEventPackages } from './events-api';

type State = { phase: 'loading' } | { phase: 'missing' } | { phase: 'ready'; event: Event; packages: Package[] | null };

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; }
`;

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: 20px;
  h3 { margin: 0 0 8px; }
`;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

export function EventDetails({ slug }: { slug: string }) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading' });
    (async () => {
      const event = await fetchEventBySlug(slug, controller.signal);
      if (!event) return setState({ phase: 'missing' });
      // The event is worth showing even when its packages cannot be loaded.
      const packages = await fetchEventPackages(event.id, controller.signal).catch(() => null);
      setState({ phase: 'ready', event, packages });
    })().catch(() => !controller.signal.aborted && setState({ phase: 'missing' }));
    return () => controller.abort();
  }, [slug]);

  const event = state.phase === 'ready' ? state.event : null;
  usePageMeta({
    title: event?.title ?? (state.phase === 'missing' ? 'Event not found' : 'Event'),
    description: event ? preview(event.description) : 'An event from the Tiny Titans AI community.',
  });

  if (state.phase === 'loading') return <Loading label="Loading event…" />;
  if (state.phase === 'missing' || !event) {
    return (
      <>
        <h1>Event</h1>
        <StatusText role="alert" $tone="error">
          Event not found.
        </StatusText>
      </>
    );
  }
  const packages = state.phase === 'ready' ? state.packages : null;
  return (
    <article>
      <h1>{event.title}</h1>
      <Facts>
        <dt>Starts</dt>
        <dd>
          <time dateTime={event.start_time}>{formatDateTime(event.start_time)}</time>
        </dd>
        {event.end_time && (
          <>
            <dt>Ends</dt>
            <dd>
              <time dateTime={event.end_time}>{formatDateTime(event.end_time)}</time>
            </dd>
          </>
        )}
        <dt>Location</dt>
        <dd>{event.location}</dd>
      </Facts>
      <p>{event.description}</p>
      <section aria-labelledby="packages-title">
        <h2 id="packages-title">Tickets &amp; Packages</h2>
        {packages === null && <StatusText role="alert" $tone="error">Failed to load packages.</StatusText>}
        {packages?.length === 0 && <StatusText>No tickets/packages available yet.</StatusText>}
        {packages && packages.length > 0 && (
          <Grid>
            {packages.map((pkg) => (
              <li key={pkg.id}>
                <Card>
                  <h3>{pkg.name}</h3>
                  {pkg.description && <p>{pkg.description}</p>}
                  <p>{rupees.format(pkg.price)}</p>
                  <ButtonLink as={Link} to={`/packages/${encodeURIComponent(pkg.slug)}`} aria-label={`Register: ${pkg.name}`}>
                    Register
                  </ButtonLink>
                </Card>
              </li>
            ))}
          </Grid>
        )}
      </section>
    </article>
  );
}
