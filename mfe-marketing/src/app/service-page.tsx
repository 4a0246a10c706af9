import { useParams } from 'react-router-dom';
import { usePageMeta } from '@site/shared/page-meta';
import { serviceLinks } from '@site/shared/site-config';
import { PageMain } from '../components/page';

export default function ServicePage() {
  const { slug } = useParams();
  const service = serviceLinks.find((s) => s.slug === slug);
  usePageMeta({
    title: service?.title ?? 'Page not found',
    description: service ? `${service.title} for small teams.` : 'The page you asked for does not exist.',
  });
  return <PageMain>{service ? <h1>{service.title}</h1> : <h1>404: Not Found</h1>}</PageMain>;
}
