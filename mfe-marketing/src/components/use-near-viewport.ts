import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * True once the element comes within `margin` of the viewport, or the address names `hash`:
 * the signal to fetch code that only that part of the page needs. The third value says whether
 * the page has looked yet (the first observation made): until then "not near" is not yet an answer.
 */
export function useNearViewport<T extends Element>(hash: string, margin = '800px'): [React.RefObject<T | null>, boolean, boolean] {
  const location = useLocation();
  const ref = useRef<T>(null);
  // Never true on the first render: the server cannot see the address's hash, and the browser's
  // first render must match the server's HTML. The effect below asks for it right after.
  const [near, setNear] = useState(false);
  const [looked, setLooked] = useState(false);

  useEffect(() => {
    if (location.hash === hash) setNear(true);
  }, [location.hash, hash]);

  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        setLooked(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, margin]);

  return [ref, near, looked || near];
}
