import { PAGE_META, usePageMeta } from '@site/shared/page-meta';
import { PageMain } from '../components/page';
import { ContactPanel } from '../features/contact/contact-section';

export default function ContactPage() {
  usePageMeta(PAGE_META.contact);
  return (
    <PageMain>
      <h1>Contact Us</h1>
      <p>Tell us about your project and we will get back to you within one business day.</p>
      <ContactPanel headingLevel={2} eager />
    </PageMain>
  );
}
