import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '@site/shared/session';
import { ButtonLink } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { SectionLink } from './section-link';

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  a.login { color: ${theme.color.text}; text-decoration: none; font-weight: 600; padding: 8px; }
  @media ${theme.media.mobile} { .get-started { display: none; } }
`;

/** Sign-in state on the right of the header. */
export function HeaderActions() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  return (
    <Actions>
      {status === 'signed-in' && user ? (
        <Link className="login" to={user.role === 'admin' ? '/admin' : '/orders'}>
          Hi, {user.role}
        </Link>
      ) : (
        <>
          <Link className="login" to="/login">
            Login
          </Link>
          <ButtonLink as={SectionLink} section="contact" className="get-started">
            Get Started
          </ButtonLink>
        </>
      )}
    </Actions>
  );
}
