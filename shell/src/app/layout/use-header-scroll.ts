import { useEffect, useState } from 'react';
import { HEADER } from '../timings';

/** Scroll progress over the first 100px (0..1) and whether the page is past 10px. */
export function useHeaderScroll(): { progress: number; scrolled: boolean } {
  const [state, setState] = useState({ progress: 0, scrolled: false });
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      const progress = Math.min(y / HEADER.fadeOverPx, 1);
      const scrolled = y > HEADER.scrolledAfterPx;
      setState((prev) => (prev.progress === progress && prev.scrolled === scrolled ? prev : { progress, scrolled }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}
