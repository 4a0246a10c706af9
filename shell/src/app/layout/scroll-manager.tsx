import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { HASH_WAIT_MS } from '../timings';

/** React Router's key of the location the page was loaded at (every navigation gets a new one). */
const FIRST_LOCATION_KEY = 'default';

/**
 * Scrolls to the top on every route change, or to the hash target when the address has one.
 * The target may live in a remote that is still loading, so it is waited for (up to 10 s).
 * The page as loaded is the browser's: a server-rendered page may have been scrolled before the
 * shell started, and starting must not move it (nor may a late hash target, once the visitor scrolled).
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();

  useEffect(() => {
    const firstLoad = key === FIRST_LOCATION_KEY;
    if (!hash) {
      if (!firstLoad) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const startY = window.scrollY;
    const id = decodeURIComponent(hash.slice(1));
    const scrollToTarget = (): boolean => {
      // The visitor has moved the page themselves: that is where they want to be.
      if (firstLoad && window.scrollY !== startY) return true;
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
