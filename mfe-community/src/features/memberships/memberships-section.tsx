import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { apiRequest } from '@site/shared/api-client';
import type { Package } from '@site/shared/contracts/packages';
import { routeRead, usePreloaded } from '@site/shared/preloaded';
import { StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Block, CardList, Lead, Loading, SectionTitle } from '../../components/layout';

const membershipsKey = routeRead('mfe_community', '/community', 'memberships');
const fetchMemberships = (signal?: AbortSignal) =>
  apiRequest<Package[]>('/packages/public/search', { query: { field: 'package_type', value: 'subscription' }, signal });

const Membership = styled.article`
  height: 100%;
  padding: 20px;
  border-radius: ${theme.radius.lg};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  h3 { margin: 0 0 6px; font-size: 1.15rem; }
  p { margin: 0; color: ${theme.color.textMuted}; }
`;

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; packages: Package[] };

/**
 * The active subscription packages, each linking its page, where it is bought (commerce's): every
 * package page is reachable by a link (event packages from their event's page). Only names and
 * links here, so the community page loads no commerce code.
 */
export function MembershipsSection() {
  const preloaded = usePreloaded<Package[]>(membershipsKey);
  const [state, setState] = useState<State>(() => (preloaded ? { phase: 'ready', packages: preloaded } : { phase: 'loading' }));
  const hasPreloaded = preloaded !== undefined;
  useEffect(() => {
    if (hasPreloaded) return undefined;
    const controller = new AbortController();
    fetchMemberships(controller.signal)
      .then((packages) => setState({ phase: 'ready', packages }))
      .catch(() => !controller.signal.aborted && setState({ phase: 'failed' }));
    return () => controller.abort();
  }, [hasPreloaded]);

  return (
    <Block aria-labelledby="memberships-title">
      <SectionTitle id="memberships-title">Memberships</SectionTitle>
      <Lead>Ongoing help from the team, paid by the period.</Lead>
      {state.phase === 'loading' && <Loading label="Loading packages…" />}
      {state.phase === 'failed' && (
        <StatusText role="alert" $tone="error">
          Failed to load packages.
        </StatusText>
      )}
      {state.phase === 'ready' && state.packages.length === 0 && <StatusText>No memberships available yet.</StatusText>}
      {state.phase === 'ready' && state.packages.length > 0 && (
        <CardList $gap={20}>
          {state.packages.map((pkg) => (
            <li key={pkg.id}>
              <Membership aria-labelledby={`membership-${pkg.id}`}>
                <h3 id={`membership-${pkg.id}`}>
                  <Link to={`/packages/${encodeURIComponent(pkg.slug)}`}>{pkg.name}</Link>
                </h3>
                {pkg.description && <p>{pkg.description}</p>}
              </Membership>
            </li>
          ))}
        </CardList>
      )}
    </Block>
  );
}
