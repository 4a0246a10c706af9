import { useRef } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { Block, CardList, Lead, SectionTitle } from '../../components/layout';
import { useRotatingIndex } from '@site/shared/ui/use-rotating-index';

export const BENEFITS_ROTATE_MS = 3000;

const BENEFITS = [
  { title: 'Monthly workshops', text: 'Hands-on sessions on agents, automation and AI apps.' },
  { title: 'Peer reviews', text: 'Show your project and get feedback from builders who have shipped.' },
  { title: 'Templates and playbooks', text: 'Prompts, workflows and checklists you can reuse on day one.' },
  { title: 'Early event access', text: 'Members hear about events first and get reserved seats.' },
] as const;

const Item = styled.li<{ $active: boolean }>`
  padding: 20px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  transition: border-color 0.3s, background-color 0.3s;
  h3 { margin: 0 0 6px; font-size: 1.1rem; }
  p { margin: 0; color: ${theme.color.textMuted}; }
  ${({ $active }) =>
    $active &&
    css`
      border-color: ${theme.color.primary};
      background: ${theme.color.surfaceRaised};
    `}
`;

export function BenefitsList() {
  const ref = useRef<HTMLElement>(null);
  const active = useRotatingIndex(BENEFITS.length, BENEFITS_ROTATE_MS, ref);
  return (
    <Block ref={ref} aria-labelledby="benefits-title">
      <SectionTitle id="benefits-title">Why join</SectionTitle>
      <Lead>What members get from the community.</Lead>
      <CardList $gap={16}>
        {BENEFITS.map((benefit, index) => (
          <Item key={benefit.title} $active={index === active} data-highlighted={index === active}>
            <h3>{benefit.title}</h3>
            <p>{benefit.text}</p>
          </Item>
        ))}
      </CardList>
    </Block>
  );
}
