import { useEffect } from 'react';
import { jwtDecode } from 'jwt-decode';
import { apiRequest } from '@site/shared/api-client';
import { useSession, type SessionUser } from '@site/shared/session';

let attempted = false;

/** One silent refresh per page load decides whether the visitor is signed in. */
export function useSessionBootstrap(): void {
  useEffect(() => {
    if (attempted) return;
    attempted = true;
    const { signIn, signOut } = useSession.getState();
    apiRequest<{ accessToken: string }>('/auth/refresh', { method: 'POST' })
      .then(({ accessToken }) => signIn(accessToken, jwtDecode<SessionUser>(accessToken)))
      .catch(() => signOut());
  }, []);
}
