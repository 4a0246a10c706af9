import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Package } from '@site/shared/contracts/packages';
import { routeRead } from '@site/shared/preloaded';
import { useApiRead } from '@site/shared/query';
import { StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Block, CardList, Lead, Loading, SectionTitle } from '../../components/layout';

const membershipsKey = routeRead('mfe_community', '/community', 'memberships');

const Membership = styled.article`
  height: 100%;
  padding: 20px;
  border-radius: ${theme.radius.lg};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  h3 { margin: 0 0 6px; font-size: 1.15rem; }
  p { margin: 0; color: ${theme.color.textMuted}; }
`;

/**
 * The active subscription packages, each linking its page, where it is bought (commerce's): every
 * package page is reachable by a link (event packages from their event's page). Only names and
 * links here, so the community page loads no commerce code.
 */
export function MembershipsSection() {
  const memberships = useApiRead<Package[]>(membershipsKey);

  return (
    <Block aria-labelledby="memberships-title">
      <SectionTitle id="memberships-title">Memberships</SectionTitle>
      <Lead>Ongoing help from the team, paid by the period.</Lead>
      {memberships.state === 'loading' && <Loading label="Loading packages…" />}
      {memberships.state === 'error' && (
        <StatusText role="alert" $tone="error">
          Failed to load packages.
        </StatusText>
      )}
      {memberships.state === 'ready' && memberships.data.length === 0 && <StatusText>No memberships available yet.</StatusText>}
      {memberships.state === 'ready' && memberships.data.length > 0 && (
        <CardList $gap={20}>
          {memberships.data.map((pkg) => (
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
