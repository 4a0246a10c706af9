import { useEffect, useState } from 'react';

/** Cycles 0..count-1 every `intervalMs` (the highlighted orb, card or member); paused in hidden tabs. */
export function useRotatingIndex(count: number, intervalMs: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') setIndex((i) => (i + 1) % count);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs]);
  return count ? index % count : 0;
}
