import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, Container } from '@site/shared/ui/primitives';
import { Section } from '../../components/section';
import { theme } from '@site/shared/ui/theme';
import { Bullets, CardGrid, HighlightCard } from '../../components/cards';
import { SectionHeading } from '@site/shared/ui/section-heading';
import { serviceLinks } from '@site/shared/site-config';
import { serviceFeatures } from './service-features';

const ServiceCard = styled(HighlightCard)`
  display: flex;
  flex-direction: column;
  ${Bullets} { flex: 1; margin-bottom: 20px; }
  a.more { font-weight: 700; color: ${theme.color.primary}; }
`;

export function ServicesSection() {
  return (
    <Section id="services" aria-labelledby="services-title">
      <Container>
        <SectionHeading id="services-title" eyebrow="What we do" title="AI Services Built for Small Teams">
          Four ways we put AI to work for you, each scoped to deliver value in weeks, not quarters.
        </SectionHeading>
        <CardGrid $min={240}>
          {serviceLinks.map((service) => (
            <ServiceCard key={service.slug} as="article">
              <h3>{service.title}</h3>
              <p>{service.description}</p>
              <Bullets aria-label={`${service.title} features`}>
                {serviceFeatures[service.slug].map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </Bullets>
              <Link className="more" to={`/services/${service.slug}`}>
                Learn More<span className="visually-hidden"> about {service.title}</span>
              </Link>
            </ServiceCard>
          ))}
        </CardGrid>
        <p style={{ textAlign: 'center', marginTop: 40 }}>
          <ButtonLink as={Link} to="#contact">
            Discuss Your Project
          </ButtonLink>
        </p>
      </Container>
    </Section>
  );
}
