import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Package } from '@site/shared/contracts/packages';
import { usePreloaded } from '@site/shared/preloaded';
import { Card, StatusText } from '@site/shared/ui/primitives';
import { fetchSubscriptionPackages, subscriptionPackagesKey } from '../features/packages/packages-api';
import { formatRupees } from '../lib/format';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: 20px;
  h3 { margin: 0 0 8px; font-size: 1.15rem; }
  p { margin: 0 0 8px; }
`;

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; packages: Package[] };

/**
 * The active subscription packages, each linking its page (event packages are linked from their
 * event's page); composed into community's page, so every package page is reachable by a link.
 */
export default function SubscriptionPackages() {
  const preloaded = usePreloaded<Package[]>(subscriptionPackagesKey);
  const [state, setState] = useState<State>(() => (preloaded ? { phase: 'ready', packages: preloaded } : { phase: 'loading' }));
  const hasPreloaded = preloaded !== undefined;
  useEffect(() => {
    if (hasPreloaded) return undefined;
    const controller = new AbortController();
    fetchSubscriptionPackages(controller.signal)
      .then((packages) => setState({ phase: 'ready', packages }))
      .catch(() => !controller.signal.aborted && setState({ phase: 'failed' }));
    return () => controller.abort();
  }, [hasPreloaded]);

  if (state.phase === 'loading') return <StatusText role="status">Loading packages…</StatusText>;
  if (state.phase === 'failed') {
    return (
      <StatusText role="alert" $tone="error">
        Failed to load packages.
      </StatusText>
    );
  }
  if (state.packages.length === 0) return <StatusText>No memberships available yet.</StatusText>;
  return (
    <Grid>
      {state.packages.map((pkg) => (
        <li key={pkg.id}>
          <Card aria-labelledby={`membership-${pkg.id}`}>
            <h3 id={`membership-${pkg.id}`}>
              <Link to={`/packages/${encodeURIComponent(pkg.slug)}`}>{pkg.name}</Link>
            </h3>
            {pkg.description && <p>{pkg.description}</p>}
            <p>
              {formatRupees(pkg.price)}
              {pkg.duration_days ? ` for ${pkg.duration_days} days` : ''}
            </p>
          </Card>
        </li>
      ))}
    </Grid>
  );
}
