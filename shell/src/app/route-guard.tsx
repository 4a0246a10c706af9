import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { RemoteLoading } from '@site/shared/remote';
import { useSession } from '@site/shared/session';

interface RouteGuardProps {
  /** Roles admitted; empty or missing admits any signed-in user. */
  allowedRoles?: readonly string[];
  children: ReactNode;
}

/**
 * Spec §6: no user → /login (remembering where they were going); a role outside a non-empty list
 * → /. Waits for the first session refresh so a signed-in reload is not bounced to /login.
 */
export function RouteGuard({ allowedRoles = [], children }: RouteGuardProps) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (status === 'loading') return <RemoteLoading label="Checking your session…" />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  if (allowedRoles.length > 0 && !allowedRoles.includes(user.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
