import { useEffect, useState } from 'react';

/**
 * False until the page has loaded and the main thread is idle: decoration (the hero's particles and
 * orbit) waits for it, so it never competes with the first paint or the first input.
 */
export function useAfterInteractive(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle = 0;
    let timer = 0;
    const start = () => setReady(true);
    const whenIdle = () => {
      // Safari has no requestIdleCallback: a short delay after load serves the same purpose.
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(start, { timeout: 2000 });
      else timer = window.setTimeout(start, 500);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle) window.cancelIdleCallback(idle);
      if (timer) window.clearTimeout(timer);
    };
  }, []);
  return ready;
}
