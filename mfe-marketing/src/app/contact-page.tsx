import { usePageMeta } from '@site/shared/page-meta';
import { PageMain } from '../components/page';

export default function ContactPage() {
  usePageMeta({ title: 'Contact us', description: 'Tell us about your project and we will get back to you.' });
  return (
    <PageMain>
      <h1>Contact us</h1>
    </PageMain>
  );
}
