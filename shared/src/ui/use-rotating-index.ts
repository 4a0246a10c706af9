import { useEffect, useState, type RefObject } from 'react';

/**
 * Cycles 0..count-1 every `intervalMs` (the highlighted orb, card or member); paused in hidden tabs
 * and, given the element that shows it, while that element is off screen: a highlight nobody sees
 * would re-render and restyle the page every few seconds for nothing.
 */
export function useRotatingIndex(count: number, intervalMs: number, shownIn?: RefObject<Element | null>): number {
  const [index, setIndex] = useState(0);
  const onScreen = useOnScreen(shownIn);
  useEffect(() => {
    if (count < 2 || !onScreen) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') setIndex((i) => (i + 1) % count);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, onScreen]);
  return count ? index % count : 0;
}

/** Whether the element is (partly) in the viewport; true without an element or an IntersectionObserver. */
export function useOnScreen(ref?: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const node = ref?.current;
    if (!node || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries[entries.length - 1]!.isIntersecting));
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}
