import { useApiRead } from '@site/shared/query';
import { useParams } from 'react-router-dom';
import type { Event } from '@site/shared/contracts/events';
import type { Package } from '@site/shared/contracts/packages';
import { NOT_FOUND_META, usePageMeta } from '@site/shared/page-meta';
import styled from 'styled-components';
import { HomeLink, Main, StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { BuyButton } from '../features/packages/buy-button';
import { LinkedEvent, usePackageEvent } from '../features/packages/linked-event';
import { PackageFacts } from '../features/packages/package-facts';
import { formatRupees } from '../lib/format';
import { packageBySlugKey } from '../features/packages/packages-api';
import { TEXT } from '../lib/texts';

/**
 * A product page: what it is and its price with Buy first (beside each other from a tablet up, the
 * buy box staying in view), then the event a ticket is for, then every field the spec lists.
 */
const Product = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(240px, 300px);
  grid-template-areas: 'intro buy' 'event buy' 'details buy';
  align-items: start;
  gap: 24px 40px;
  .intro { grid-area: intro; }
  .intro h1 { margin: 0 0 12px; overflow-wrap: anywhere; }
  .kind { margin: 0 0 8px; color: ${theme.color.accent}; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em; font-size: 0.85rem; }
  .lead { margin: 0; font-size: 1.125rem; color: ${theme.color.textMuted}; overflow-wrap: anywhere; white-space: pre-line; }
  .buy {
    grid-area: buy;
    position: sticky;
    top: 96px;
    background: ${theme.color.surface};
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.lg};
    padding: 24px;
  }
  .buy button { width: 100%; }
  .buy > div { justify-items: stretch; }
  .price { margin: 0; font-size: 2.25rem; font-weight: 800; line-height: 1.1; overflow-wrap: anywhere; }
  .terms { margin: 4px 0 16px; color: ${theme.color.textMuted}; }
  .event { grid-area: event; }
  .details { grid-area: details; }
  .details h2 { font-size: 1.25rem; margin: 0 0 12px; }
  @media ${theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: 'intro' 'buy' 'event' 'details';
    gap: 20px;
    .buy { position: static; padding: 20px; }
  }
`;

/** "Event ticket · 50 seats", "Subscription · 30 days": what the price buys. */
function termsOf(pkg: Package): string {
  if (pkg.package_type === 'event') return `Event ticket${pkg.capacity ? ` · ${pkg.capacity} ${pkg.capacity === 1 ? 'seat' : 'seats'}` : ''}`;
  return `Subscription${pkg.duration_days !== null ? ` · ${pkg.duration_days} ${pkg.duration_days === 1 ? 'day' : 'days'}` : ''}`;
}

function Details({ pkg, event = null }: { pkg: Package; event?: Event | null }) {
  return (
    <section className="details" aria-labelledby="package-details-heading">
      <h2 id="package-details-heading">Package details</h2>
      <PackageFacts pkg={pkg} event={event} />
    </section>
  );
}

/** A ticket's event, read once: its box beside the price, and its title in the facts. */
function EventAndDetails({ pkg, eventId }: { pkg: Package; eventId: string }) {
  const { found, event } = usePackageEvent(eventId);
  return (
    <>
      <div className="event">
        <LinkedEvent found={found} event={event} />
      </div>
      <Details pkg={pkg} event={event} />
    </>
  );
}

export default function PackagePage() {
  const { slug = '' } = useParams();
  const found = useApiRead<Package[]>(packageBySlugKey(slug));
  const pkg = found.state === 'ready' ? (found.data[0] ?? null) : null;
  const missing = found.state === 'ready' && !pkg;
  usePageMeta({
    title: pkg?.name ?? (missing ? NOT_FOUND_META.package.title : 'Package'),
    description: pkg?.description ?? NOT_FOUND_META.package.description,
    noindex: missing,
  });

  return (
    <Main $maxWidth="1040px">
      {found.state === 'loading' && <StatusText role="status">Loading package…</StatusText>}
      {missing && (
        <>
          <h1>Package</h1>
          <StatusText role="alert" $tone="error">
            {TEXT.packageNotFound}
          </StatusText>
          <HomeLink />
        </>
      )}
      {found.state === 'error' && (
        <>
          <h1>Package</h1>
          <StatusText role="alert" $tone="error">
            {TEXT.packageLoadFailed}
          </StatusText>
        </>
      )}
      {pkg && (
        <Product aria-labelledby={`package-name-${pkg.id}`}>
          <header className="intro">
            <p className="kind">{pkg.package_type === 'event' ? 'Event ticket' : 'Subscription'}</p>
            <h1 id={`package-name-${pkg.id}`}>{pkg.name}</h1>
            {pkg.description && <p className="lead">{pkg.description}</p>}
          </header>
          <section className="buy" aria-label="Price and purchase">
            <p className="price" data-testid="package-price">
              {formatRupees(pkg.price)}
            </p>
            <p className="terms">{termsOf(pkg)}</p>
            <BuyButton key={pkg.id} pkg={pkg} />
          </section>
          {pkg.event_id ? (
            <EventAndDetails pkg={pkg} eventId={pkg.event_id} />
          ) : (
            <Details pkg={pkg} />
          )}
        </Product>
      )}
    </Main>
  );
}
