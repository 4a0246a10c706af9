import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import type { Event } from '@site/shared/contracts/events';
import { eventPath } from '@site/shared/site-config';
import type { Package } from '@site/shared/contracts/packages';
import { theme } from '@site/shared/ui/theme';
import { When } from '@site/shared/ui/when';
import { formatNumber } from '../../lib/format';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 8px 20px;
  margin: 0;
  dt { color: ${theme.color.textMuted}; font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; white-space: pre-line; }
  /* On a phone each label sits above its value, so a long slug or id has the whole width. */
  @media ${theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 2px;
    dd + dt { margin-top: 10px; }
  }
`;

/** Codes kept for those who need them, in small muted type so they do not read as content. */
const Quiet = styled.span`
  display: block;
  color: ${theme.color.textMuted};
  font-size: 0.85rem;
  font-family: ui-monospace, monospace;
`;

type Shown = Exclude<keyof Package, 'id' | 'is_active' | 'created_at' | 'updated_at'>;

/** Spec §2: every field but id, is_active, created_at and updated_at, in this order, with these labels. */
const FIELDS: readonly [Shown, string][] = [
  ['name', 'Name'],
  ['slug', 'Slug'],
  ['description', 'Description'],
  ['price', 'Price (₹)'],
  ['duration_days', 'Duration (days)'],
  ['package_type', 'Package Type'],
  ['event_id', 'Event ID'],
  ['capacity', 'Capacity'],
  ['package_registration_deadline', 'Registration Deadline'],
];

/** What a fact reads as: the event by its title, linking its page (its id quietly beside it); the slug quietly; a deadline in IST. */
function shown(field: Shown, value: Package[Shown], event: Pick<Event, 'title' | 'slug'> | null): ReactNode {
  if (field === 'price' && typeof value === 'number') return formatNumber(value);
  if (field === 'slug') return <Quiet>{String(value)}</Quiet>;
  if (field === 'event_id' && event)
    return (
      <>
        <Link to={eventPath(event.slug)}>{event.title}</Link>
        <Quiet as="span">{String(value)}</Quiet>
      </>
    );
  if (field === 'event_id') return <Quiet>{String(value)}</Quiet>;
  if (field === 'package_registration_deadline' && typeof value === 'string') return <When iso={value} />;
  return String(value);
}

/** The package's fields, empty ones skipped; `event`, once read, names the package's event. */
export function PackageFacts({ pkg, event = null }: { pkg: Package; event?: Pick<Event, 'title' | 'slug'> | null }) {
  return (
    <Facts>
      {FIELDS.filter(([field]) => pkg[field] !== null && pkg[field] !== '').map(([field, label]) => (
        <Fragment key={field}>
          <dt>{label}</dt>
          <dd>{shown(field, pkg[field], event)}</dd>
        </Fragment>
      ))}
    </Facts>
  );
}
