import { PAGE_META, usePageMeta } from '@site/shared/page-meta';
import { Main } from '@site/shared/ui/primitives';
import { ContactPanel } from '../features/contact/contact-section';

export default function ContactPage() {
  usePageMeta(PAGE_META.contact);
  return (
    <Main>
      <h1>Contact Us</h1>
      <p>Tell us about your project and we will get back to you within one business day.</p>
      <ContactPanel headingLevel={2} eager />
    </Main>
  );
}
