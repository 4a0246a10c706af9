import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '@site/shared/session';
import { Button, ButtonLink } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { SectionLink } from './section-link';

/** Below this width the header holds brand, AI Call, greeting and menu only (checked down to 320px). */
const PHONE = '(max-width: 479.98px)';

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  white-space: nowrap;
  a.login { color: ${theme.color.text}; text-decoration: none; font-weight: 600; padding: 8px; }
  .get-started { min-height: 40px; padding: 8px 14px; }
  @media ${theme.media.mobile} { .get-started { display: none; } }
  @media (max-width: 479.98px) { gap: 4px; a.login { padding: 8px 4px; } }
  /* On a phone the header has room for the greeting only: Logout moves into the menu. */
  @media ${PHONE} { .logout { display: none; } }
`;

const PanelLogout = styled(Button)`
  width: 100%;
  margin-top: 12px;
  @media (min-width: 480px) { display: none; }
`;

/** Logout inside the phone menu, where the header's own Logout does not fit. */
export function MenuLogout() {
  const status = useSession((s) => s.status);
  const logout = useSession((s) => s.logout);
  if (status !== 'signed-in') return null;
  return (
    <PanelLogout type="button" $variant="ghost" onClick={() => void logout()}>
      Logout
    </PanelLogout>
  );
}

/** Sign-in state on the right of the header. */
export function HeaderActions() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  return (
    <Actions>
      {status === 'signed-in' && user ? (
        <>
          {/* Non-admins would only bounce off /admin, so their greeting leads to their orders. */}
          <Link className="login" to={user.role === 'admin' ? '/admin' : '/orders'}>
            Hi, {user.role}
          </Link>
          <Button className="logout" type="button" $variant="ghost" onClick={() => void logout()}>
            Logout
          </Button>
        </>
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
