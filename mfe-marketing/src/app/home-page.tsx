import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { site } from '@site/shared/site-config';
import { Container, Section } from '@site/shared/ui/primitives';
import { PricingSlot } from '../features/home/pricing-slot';

const Hero = styled.section`
  min-height: 80vh;
  display: grid;
  align-items: center;
  padding-top: 96px;
`;

export default function HomePage() {
  usePageMeta({ title: site.name, description: site.description, path: '/' });
  return (
    <main id="main">
      <Hero id="home">
        <Container>
          <h1>{site.tagline}</h1>
        </Container>
      </Hero>
      <Section id="services">
        <Container>
          <h2>Services</h2>
        </Container>
      </Section>
      <Section id="about">
        <Container>
          <h2>About</h2>
        </Container>
      </Section>
      <Section id="tech-stack">
        <Container>
          <h2>Tech Stack</h2>
        </Container>
      </Section>
      <PricingSlot />
      <Section id="why-us">
        <Container>
          <h2>Why Us</h2>
        </Container>
      </Section>
      <Section id="contact">
        <Container>
          <h2>Contact</h2>
        </Container>
      </Section>
    </main>
  );
}
