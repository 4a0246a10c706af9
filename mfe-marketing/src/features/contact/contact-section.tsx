import styled from 'styled-components';
import { site } from '@site/shared/site-config';
import { Card, Container, Section } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { SectionHeading } from '@site/shared/ui/section-heading';
import { ContactForm } from './contact-form';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 1fr 2fr;
  gap: 32px;
  @media ${theme.media.belowMenu} { grid-template-columns: 1fr; }
  address { font-style: normal; display: grid; gap: 8px; color: ${theme.color.textMuted}; }
  h2, h3 { margin-top: 0; font-size: 1.2rem; }
`;

/** The contact details beside the form; shared by the home section and the /contact page. */
export function ContactPanel({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Layout>
      <Card>
        <Heading>Talk to us</Heading>
        <p>Tell us what you want to build or automate. We reply within one business day with questions or a first plan.</p>
        <address>
          <a href={`mailto:${site.email}`}>{site.email}</a>
          {site.phones.map((phone) => (
            <span key={phone}>{phone}</span>
          ))}
          <span>{site.address.lines.join(', ')}</span>
        </address>
      </Card>
      <Card>
        <ContactForm />
      </Card>
    </Layout>
  );
}

export function ContactSection() {
  return (
    <Section id="contact" aria-labelledby="contact-title">
      <Container>
        <SectionHeading id="contact-title" eyebrow="Contact" title="Let’s Build Something Together">
          A short message is enough to start. No sales pitch, just engineers.
        </SectionHeading>
        <ContactPanel />
      </Container>
    </Section>
  );
}
