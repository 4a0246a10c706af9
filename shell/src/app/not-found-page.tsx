import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { NOT_FOUND_META, usePageMeta } from '@site/shared/page-meta';
import { Container } from '@site/shared/ui/primitives';

const Wrap = styled(Container)`
  min-height: 60vh;
  padding-top: 140px;
  text-align: center;
`;

export function NotFoundPage() {
  usePageMeta({ ...NOT_FOUND_META.page, noindex: true });
  return (
    <Wrap as="main" id="main">
      <h1>404: Not Found</h1>
      <p>
        The page you asked for does not exist. <Link to="/">Go to the home page</Link>.
      </p>
    </Wrap>
  );
}
