import styled from 'styled-components';
import { site } from '@site/shared/site-config';
import { Card, Container } from '@site/shared/ui/primitives';
import { Section } from '../../components/section';
import { theme } from '@site/shared/ui/theme';
import { SectionHeading } from '@site/shared/ui/section-heading';
import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react';
import { FORM_OUTCOME_KEY, type FormOutcome } from '@site/shared/contracts/form-outcome';
import { usePreloaded } from '@site/shared/preloaded';
import { useNearViewport } from '../../components/use-near-viewport';
import { ContactFields } from './contact-fields';

import type { ContactForm as ContactFormComponent } from './contact-form';

// The form (react-hook-form, zod and the contract) is a chunk of its own, fetched as the section
// approaches: most visitors of the home page never scroll that far.
const loadContactForm = () => import(/* webpackChunkName: "contact-form" */ './contact-form').then((mod) => mod.ContactForm);
const ContactForm = lazy(() => loadContactForm().then((form) => ({ default: form })));

// The form's own height (measured: 434px, 529px on phones), so nothing moves when it arrives.
const FormSlot = styled.div`
  min-height: 434px;
  @media ${theme.media.mobile} { min-height: 529px; }
`;

const noProps = () => ({});

/**
 * The contact form, fetched as it approaches unless the page brings it (`form`). A page that brings
 * it hydrates it at once; a lazy form under a Suspense boundary would not be hydrated yet when the
 * page first re-renders, and React would then throw the server's fields away and draw empty ones.
 */
function LazyContactForm({ form }: { form?: typeof ContactFormComponent }) {
  const id = useId();
  const [ref, near] = useNearViewport<HTMLDivElement>('#contact', '1000px');
  // Back from a native post of this form: the page shows its outcome at once.
  const posted = usePreloaded<FormOutcome>(FORM_OUTCOME_KEY)?.form === 'contact';
  const [Form, setForm] = useState<typeof ContactFormComponent | null>(() => form ?? null);
  useEffect(() => {
    // Until it arrives the plain form stays: it posts natively.
    if (near && !Form) loadContactForm().then((loaded) => setForm(() => loaded), () => undefined);
  }, [near, Form]);
  // Until its code arrives, the same form in plain HTML: it posts natively, and what is typed in it
  // is taken over by the full form (read by the same ids). The full form replaces it only once its
  // code is here, in one render: a Suspense fallback would be a second plain form, empty.
  const plain = <ContactFields id={id} field={noProps} />;
  // One element for the page's life: a re-render reaching a boundary not hydrated yet would make
  // React draw it anew, empty.
  const serverForm = useMemo(
    () => (
      <Suspense fallback={<ContactFields id={id} field={noProps} />}>
        <ContactForm id={id} />
      </Suspense>
    ),
    [id],
  );
  return (
    <FormSlot ref={ref}>
      {posted && !form ? serverForm : Form ? <Form id={id} /> : plain}
    </FormSlot>
  );
}

const Layout = styled.div`
  display: grid;
  /* minmax(0, …): a column may be narrower than its widest control (a phone at 320 px). */
  grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
  gap: 32px;
  @media ${theme.media.belowMenu} { grid-template-columns: minmax(0, 1fr); }
  address { font-style: normal; display: grid; gap: 8px; color: ${theme.color.textMuted}; }
  h2, h3 { margin-top: 0; font-size: 1.2rem; }
`;

/** The contact details beside the form; shared by the home section and the /contact page. */
export function ContactPanel({ headingLevel = 3, form }: { headingLevel?: 2 | 3; form?: typeof ContactFormComponent }) {
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
      {/* A box, not an article: the form is named by the section's heading. */}
      <Card as="div">
        <LazyContactForm form={form} />
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
