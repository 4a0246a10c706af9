import { usePageMeta } from '@site/shared/page-meta';
import { Main } from '@site/shared/ui/primitives';
import { ContactPanel } from '../features/contact/contact-section';

export default function ContactPage() {
  usePageMeta({
    title: 'Contact Us',
    description: 'Tell Tiny Titans AI about your project: chatbots, agentic workflows, automation or an AI app. We reply within one business day.',
    path: '/contact',
  });
  return (
    <Main>
      <h1>Contact Us</h1>
      <p>Tell us about your project and we will get back to you within one business day.</p>
      <ContactPanel headingLevel={2} eager />
    </Main>
  );
}
