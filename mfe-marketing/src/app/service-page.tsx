import { useParams } from 'react-router-dom';
import { usePageMeta } from '@site/shared/page-meta';
import { Main } from '@site/shared/ui/primitives';
import { findService } from '../features/services/services';
import { ServiceDetail } from '../features/services/service-detail';

export default function ServicePage() {
  const { slug } = useParams();
  const service = findService(slug);
  usePageMeta({
    title: service?.title ?? 'Page not found',
    description: service?.description ?? 'The page you asked for does not exist.',
  });
  if (!service) {
    return (
      <Main>
        <h1>404: Not Found</h1>
        <p>We do not offer a service at this address.</p>
      </Main>
    );
  }
  return <ServiceDetail service={service} />;
}
