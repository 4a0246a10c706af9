import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { HASH_WAIT_MS } from '@site/shared/constants';

/**
 * Scrolls to the top on every route change, or to the hash target when the address has one.
 * The target may live in a remote that is still loading, so it is waited for (up to 10 s).
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();

  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const scrollToTarget = (): boolean => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (scrollToTarget()) return;
    const observer = new MutationObserver(() => {
      if (scrollToTarget()) stop();
    });
    const timer = window.setTimeout(stop, HASH_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, key]);

  return null;
}
