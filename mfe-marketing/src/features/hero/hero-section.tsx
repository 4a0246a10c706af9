import styled from 'styled-components';
import { site } from '@site/shared/site-config';
import { Container } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { CtaLinks } from '../../components/cta-links';
import { Orbit } from './orbit';
import { ParticlesCanvas } from './particles-canvas';

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  min-height: 100vh;
  display: grid;
  align-items: center;
  padding: 112px 0 64px;
  background: radial-gradient(ellipse at 70% 40%, rgba(91, 124, 250, 0.18), transparent 60%);
`;

const Layout = styled(Container)`
  position: relative;
  display: grid;
  grid-template-columns: 1.1fr 1fr;
  gap: 48px;
  align-items: center;
  @media ${theme.media.mobile} { grid-template-columns: 1fr; text-align: center; }
`;

const Title = styled.h1`
  margin: 0 0 20px;
  font-size: clamp(2.4rem, 6vw, 4.2rem);
  font-weight: 800;
  letter-spacing: -0.02em;
`;

const Lead = styled.p`
  margin: 0 0 32px;
  max-width: 560px;
  color: ${theme.color.textMuted};
  font-size: 1.2rem;
  @media ${theme.media.mobile} { margin-inline: auto; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  @media ${theme.media.mobile} { justify-content: center; }
`;

export function HeroSection() {
  return (
    <Hero id="home" aria-labelledby="hero-title">
      <ParticlesCanvas />
      <Layout>
        <div>
          <Title id="hero-title">{site.tagline}</Title>
          <Lead>
            We are a small team of senior engineers who build AI chatbots, agentic workflows, automation and focused AI
            apps for startups, solopreneurs and lean product teams, priced for small budgets and shipped in weeks.
          </Lead>
          <Actions>
            <CtaLinks main={{ to: '#services', label: 'Explore Our Services' }} alternative={{ to: '#contact', label: 'Get in Touch' }} />
          </Actions>
        </div>
        <Orbit />
      </Layout>
    </Hero>
  );
}
