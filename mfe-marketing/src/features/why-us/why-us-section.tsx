import { site } from '@site/shared/site-config';
import styled from 'styled-components';
import { Container } from '@site/shared/ui/primitives';
import { Section } from '../../components/section';
import { theme } from '@site/shared/ui/theme';
import { CardGrid, HighlightCard } from '../../components/cards';
import { SectionHeading } from '@site/shared/ui/section-heading';
import { reasons, stats } from './reasons';

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 24px;
  margin: 0 0 40px;
  text-align: center;
  dt { font-size: 2rem; font-weight: 800; color: ${theme.color.accent}; }
  dd { margin: 0; color: ${theme.color.textMuted}; }
`;

export function WhyUsSection() {
  return (
    <Section id="why-us" aria-labelledby="why-title">
      <Container>
        <SectionHeading id="why-title" eyebrow="Why us" title={`Why Small Teams Choose ${site.shortName}`}>
          Big-company engineering without big-company overhead.
        </SectionHeading>
        <Stats>
          {stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.value}</dt>
              <dd>{stat.label}</dd>
            </div>
          ))}
        </Stats>
        <CardGrid $min={280}>
          {reasons.map((reason) => (
            <HighlightCard key={reason.title}>
              <h3>{reason.title}</h3>
              <p>{reason.description}</p>
            </HighlightCard>
          ))}
        </CardGrid>
      </Container>
    </Section>
  );
}
