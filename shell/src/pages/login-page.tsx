import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { Container } from '@site/shared/ui/primitives';

const Wrap = styled(Container)`
  min-height: 100vh;
  padding-top: 80px;
`;

export function LoginPage() {
  usePageMeta({ title: 'Log in', description: 'Log in, sign up or reset your password.' });
  return (
    <Wrap as="main" id="main">
      <h1>Welcome Back</h1>
    </Wrap>
  );
}
