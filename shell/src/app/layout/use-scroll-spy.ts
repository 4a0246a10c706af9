import { useEffect, useState } from 'react';

/**
 * The home-page section in view: its top at or above half the viewport height and its bottom at or
 * below 100px from the top. Near the top of the page, the first section is current.
 */
export function useScrollSpy(ids: readonly string[], enabled: boolean): string | null {
  const [current, setCurrent] = useState<string | null>(enabled ? (ids[0] ?? null) : null);

  useEffect(() => {
    if (!enabled) {
      setCurrent(null);
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (window.scrollY < 100) {
        setCurrent(ids[0] ?? null);
        return;
      }
      const half = window.innerHeight / 2;
      let found: string | null = null;
      for (const id of ids) {
        const rect = document.getElementById(id)?.getBoundingClientRect();
        if (rect && rect.top <= half && rect.bottom >= 100) found = id;
      }
      if (found) setCurrent(found);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids, enabled]);

  return current;
}
