import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { SESSION } from '../../app/timings';
import { setSessionNavigator, useSession } from '@site/shared/session';

/**
 * The shell owns the session: one silent refresh per page load decides whether the visitor is
 * signed in; while signed in, inactivity logs out and activity after a pause renews the token.
 */
export function useSessionBootstrap(): void {
  const navigate = useNavigate();
  const status = useSession((s) => s.status);

  useEffect(() => {
    setSessionNavigator((path) => navigate(path));
  }, [navigate]);

  useEffect(() => {
    void useSession.getState().bootstrap();
  }, []);

  useEffect(() => {
    if (status !== 'signed-in') return undefined;
    // Fetched once signed in: a visitor who is not never downloads it.
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./activity-monitor').then(({ startActivityMonitor }) => {
      if (cancelled) return;
      stop = startActivityMonitor({
        idleMs: SESSION.idleLogoutMs,
        refreshAfterGapMs: SESSION.refreshAfterGapMs,
        onIdle: () => void useSession.getState().logout(),
        onResume: () => void useSession.getState().refresh(),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [status]);
}
