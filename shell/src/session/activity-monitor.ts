export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll'] as const;

export interface ActivityMonitorOptions {
  idleMs: number;
  refreshAfterGapMs: number;
  /** No activity for `idleMs`. */
  onIdle: () => void;
  /** Activity after a pause longer than `refreshAfterGapMs` (the token may be close to expiry). */
  onResume: () => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

/**
 * Watches user activity while signed in. Events only record a time stamp (mousemove fires often);
 * one timer checks for idleness and re-arms itself for whatever time is left.
 */
export function startActivityMonitor({
  idleMs,
  refreshAfterGapMs,
  onIdle,
  onResume,
  target = window,
  now = Date.now,
}: ActivityMonitorOptions): () => void {
  let lastActivity = now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const arm = (delay: number) => {
    timer = setTimeout(check, delay);
  };
  function check() {
    const idleFor = now() - lastActivity;
    if (idleFor >= idleMs) {
      stop();
      onIdle();
    } else {
      arm(idleMs - idleFor);
    }
  }
  const onActivity = () => {
    const at = now();
    const gap = at - lastActivity;
    lastActivity = at;
    if (gap > refreshAfterGapMs) onResume();
  };

  const options = { passive: true, capture: true } as const;
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, options);
  arm(idleMs);

  function stop() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, options);
  }
  return stop;
}
