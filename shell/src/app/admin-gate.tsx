import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { RemoteLoading } from '@site/shared/remote';
import { isAdmin, useSession } from '@site/shared/session';

/** Renders its children (the admin remote) only for a signed-in admin; everyone else goes to /login first. */
export function AdminGate({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (status === 'loading') return <RemoteLoading label="Checking your session…" />;
  if (!isAdmin(user)) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
