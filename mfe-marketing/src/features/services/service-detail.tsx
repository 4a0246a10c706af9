import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, Card, Container } from '@site/shared/ui/primitives';
import { Section } from '../../components/section';
import { theme } from '@site/shared/ui/theme';
import { CardGrid, HighlightCard } from '../../components/cards';
import type { Service } from './service';

const Hero = styled.header`
  padding: 140px 0 48px;
  background: radial-gradient(ellipse at 70% 20%, rgba(91, 124, 250, 0.2), transparent 60%);
  h1 { font-size: clamp(2.2rem, 5vw, 3.4rem); margin: 0 0 16px; }
  p { max-width: 720px; color: ${theme.color.textMuted}; font-size: 1.2rem; margin: 0 0 28px; }
`;

const Prose = styled(Card)`
  max-width: 860px;
  margin: 0 auto;
  h3 { margin-top: 24px; }
  li { margin-bottom: 6px; }
`;

const Closing = styled.div`
  text-align: center;
  padding: 40px 24px;
  border-radius: ${theme.radius.lg};
  border: 1px solid ${theme.color.border};
  background: linear-gradient(135deg, rgba(124, 156, 255, 0.16), rgba(62, 224, 197, 0.1));
  p { color: ${theme.color.textMuted}; margin: 0 0 24px; }
`;

export function ServiceDetail({ service }: { service: Service }) {
  return (
    <main id="main">
      <Hero>
        <Container>
          <h1>{service.title}</h1>
          <p>{service.description}</p>
          <ButtonLink as={Link} to="/#contact">
            Get Started
          </ButtonLink>
        </Container>
      </Hero>
      <Section aria-labelledby="features-title">
        <Container>
          <h2 id="features-title">What you get</h2>
          <CardGrid>
            {service.features.map((feature, i) => (
              <HighlightCard key={feature}>
                <h3>{feature}</h3>
                <p>{service.featureDescriptions[i]}</p>
              </HighlightCard>
            ))}
          </CardGrid>
        </Container>
      </Section>
      <Section aria-labelledby="approach-title">
        <Container>
          <h2 id="approach-title" style={{ textAlign: 'center' }}>
            How we work
          </h2>
          {/* Our own constant content from the service data files, never user input. */}
          <Prose as="div" dangerouslySetInnerHTML={{ __html: service.detailedContent }} />
        </Container>
      </Section>
      <Section aria-labelledby="cases-title">
        <Container>
          <h2 id="cases-title">Case studies</h2>
          <CardGrid $min={300}>
            {service.caseStudies.map((study) => (
              <HighlightCard key={study.title}>
                <h3>{study.title}</h3>
                <p>{study.description}</p>
              </HighlightCard>
            ))}
          </CardGrid>
        </Container>
      </Section>
      <Section aria-labelledby="next-title">
        <Container>
          <Closing>
            <h2 id="next-title">Ready to put {service.title} to work?</h2>
            <p>Share your idea or process. We will reply within one business day with a first plan and a price range.</p>
            <ButtonLink as={Link} to="/#contact">
              Contact Us Today
            </ButtonLink>
          </Closing>
        </Container>
      </Section>
    </main>
  );
}
