import { usePageMeta, type PageHeadOf } from '@site/shared/page-meta';
import { site } from '@site/shared/site-config';
import { Main } from '@site/shared/ui/primitives';
import { ContactForm } from '../features/contact/contact-form';
import { ContactPanel } from '../features/contact/contact-section';

/** The page's head, which the api also writes into the server HTML (from this module of the live release). */
export const head: PageHeadOf = () => ({
  title: 'Contact Us',
  description: `Tell ${site.name} about your project: chatbots, agentic workflows, automation or an AI app. We reply within one business day.`,
});

export default function ContactPage() {
  usePageMeta(head({}));
  return (
    <Main>
      <h1>Contact Us</h1>
      <p>Tell us about your project and we will get back to you within one business day.</p>
      {/* The form comes with the page: hydrated with it, it keeps what was typed before. */}
      <ContactPanel headingLevel={2} form={ContactForm} />
    </Main>
  );
}
