import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
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

function shown(field: Shown, value: Package[Shown]): ReactNode {
  if (field === 'price' && typeof value === 'number') return formatNumber(value);
  if (field === 'package_registration_deadline' && typeof value === 'string') return <When iso={value} />;
  return String(value);
}

/** The package's fields, empty ones skipped. */
export function PackageFacts({ pkg }: { pkg: Package }) {
  return (
    <Facts>
      {FIELDS.filter(([field]) => pkg[field] !== null && pkg[field] !== '').map(([field, label]) => (
        <Fragment key={field}>
          <dt>{label}</dt>
          <dd>{shown(field, pkg[field])}</dd>
        </Fragment>
      ))}
    </Facts>
  );
}
