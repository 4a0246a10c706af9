import { useApiRead } from '@site/shared/query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Package } from '@site/shared/contracts/packages';
import { ButtonLink, Card, StatusText } from '@site/shared/ui/primitives';
import { BuyButton } from '../features/packages/buy-button';
import { eventPackagesKey } from '../features/packages/packages-api';
import { formatRupees } from '../lib/format';
import { TEXT } from '../lib/texts';

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 20px;
  h3 { margin: 0 0 8px; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: flex-start;
`;

/** An event's active packages with Register (details) and Buy; composed into community's event page. */
export default function EventPackages({ eventId }: { eventId: string }) {
  const packages = useApiRead<Package[]>(eventPackagesKey(eventId));

  if (packages.state === 'loading') return <StatusText role="status">Loading packages…</StatusText>;
  if (packages.state === 'error') {
    return (
      <StatusText role="alert" $tone="error">
        Failed to load packages.
      </StatusText>
    );
  }
  if (packages.data.length === 0) return <StatusText>{TEXT.noEventPackages}</StatusText>;
  return (
    <Grid>
      {packages.data.map((pkg) => (
        <li key={pkg.id}>
          <Card aria-labelledby={`package-name-${pkg.id}`}>
            <h3 id={`package-name-${pkg.id}`}>{pkg.name}</h3>
            {pkg.description && <p>{pkg.description}</p>}
            <p>{formatRupees(pkg.price)}</p>
            <Actions>
              <BuyButton pkg={pkg} />
              <ButtonLink as={Link} $variant="ghost" to={`/packages/${encodeURIComponent(pkg.slug)}`} aria-label={`Register: ${pkg.name}`}>
                Register
              </ButtonLink>
            </Actions>
          </Card>
        </li>
      ))}
    </Grid>
  );
}
