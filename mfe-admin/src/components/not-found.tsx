import { Link } from 'react-router-dom';
import { usePageMeta } from '@site/shared/page-meta';

export function NotFound() {
  usePageMeta({ title: 'Not found', description: 'No admin page here.' });
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no admin page at this address. <Link to="/admin">Back to the dashboard</Link>
      </p>
    </>
  );
}
