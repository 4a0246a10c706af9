import styled from 'styled-components';
import { Container } from '@site/shared/ui/primitives';
import { Section } from '../../components/section';
import { theme } from '@site/shared/ui/theme';
import { CardGrid, HighlightCard } from '../../components/cards';
import { SectionHeading } from '@site/shared/ui/section-heading';
import { mission, values } from './values';

const Mission = styled.blockquote`
  max-width: 820px;
  margin: 0 auto 48px;
  padding: 24px 28px;
  border-left: 4px solid ${theme.color.accent};
  background: ${theme.color.surface};
  border-radius: ${theme.radius.md};
  font-size: 1.2rem;
`;

export function AboutSection() {
  return (
    <Section id="about" aria-labelledby="about-title">
      <Container>
        <SectionHeading id="about-title" eyebrow="About us" title="Tiny Team, Titan Results" />
        <Mission>{mission}</Mission>
        <CardGrid>
          {values.map((value) => (
            <HighlightCard key={value.title}>
              <h3>{value.title}</h3>
              <p>{value.description}</p>
            </HighlightCard>
          ))}
        </CardGrid>
      </Container>
    </Section>
  );
}
