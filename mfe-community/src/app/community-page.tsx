import { site } from '@site/shared/site-config';
import styled from 'styled-components';
import { usePageMeta, type PageHeadOf } from '@site/shared/page-meta';
import { theme } from '@site/shared/ui/theme';
import { Main } from '@site/shared/ui/primitives';
import { BenefitsList } from '../features/benefits/benefits-list';
import { BlogsSection } from '../features/blogs/blogs-section';
import { EventsSection } from '../features/events/events-section';
import { MembershipsSection } from '../features/memberships/memberships-section';
import { CommunitySignup } from '../features/signup/community-signup';
import { CommunityStats } from '../features/stats/community-stats';
import { TeamShowcase } from '../features/team/team-showcase';

const Intro = styled.p`
  font-size: 1.15rem;
  color: ${theme.color.textMuted};
  max-width: 720px;
`;

/** The page's head, which the api also writes into the server HTML (from this module of the live release). */
export const head: PageHeadOf = () => ({ title: 'Community', description: 'Events, articles and people building with AI in small teams.' });

export default function CommunityPage() {
  usePageMeta(head({}));
  return (
    <Main>
      <h1>The {site.shortName} Community</h1>
      <Intro>Builders from small teams learning, shipping and sharing AI work together.</Intro>
      <CommunityStats />
      <TeamShowcase />
      <BenefitsList />
      <CommunitySignup />
      <EventsSection />
      <MembershipsSection />
      <BlogsSection />
    </Main>
  );
}
