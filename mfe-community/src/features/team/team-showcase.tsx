import { useRef } from 'react';
import styled, { css } from 'styled-components';
import { Card } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { Block, CardList, Lead, SectionTitle } from '../../components/layout';
import { useRotatingIndex } from '@site/shared/ui/use-rotating-index';

export const TEAM_ROTATE_MS = 4000;

const TEAM = [
  { name: 'Ananya Rao', role: 'Founder & AI Strategist', bio: 'Turns fuzzy AI ideas into a plan a small team can ship in weeks.' },
  { name: 'Karthik Menon', role: 'Lead Engineer', bio: 'Builds agentic workflows and the integrations that make them useful.' },
  { name: 'Meera Iyer', role: 'Automation Specialist', bio: 'Finds the repetitive work in a business and automates it safely.' },
  { name: 'Rahul Desai', role: 'Product Designer', bio: 'Designs AI tools that people understand on the first try.' },
] as const;

const Member = styled(Card)<{ $active: boolean }>`
  height: 100%;
  transition: border-color 0.3s, transform 0.3s;
  h3 { margin: 0 0 4px; }
  p { margin: 0; color: ${theme.color.textMuted}; }
  ${({ $active }) =>
    $active &&
    css`
      border-color: ${theme.color.accent};
      transform: translateY(-4px);
      @media ${theme.media.reducedMotion} { transform: none; }
    `}
`;

const Role = styled.p`
  color: ${theme.color.accent} !important;
  font-weight: 600;
  margin-bottom: 8px !important;
`;

export function TeamShowcase() {
  const ref = useRef<HTMLElement>(null);
  const active = useRotatingIndex(TEAM.length, TEAM_ROTATE_MS, ref);
  return (
    <Block ref={ref} aria-labelledby="team-title">
      <SectionTitle id="team-title">Meet the team</SectionTitle>
      <Lead>The people who run the community and build with you.</Lead>
      <CardList $gap={20}>
        {TEAM.map((member, index) => (
          <li key={member.name}>
            <Member $active={index === active} data-highlighted={index === active} aria-current={index === active ? 'true' : undefined}>
              <h3>{member.name}</h3>
              <Role>{member.role}</Role>
              <p>{member.bio}</p>
            </Member>
          </li>
        ))}
      </CardList>
    </Block>
  );
}
