export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll'] as const;

/** Last activity in any tab of the site, so one idle tab does not log out a user busy in another. */
export interface SharedActivity {
  read(): number | undefined;
  write(at: number): void;
}

export const LAST_ACTIVITY_KEY = 'session-last-activity';

/** localStorage is shared by every tab of the origin; without it (private mode, quota) each tab counts alone. */
export const localStorageActivity: SharedActivity = {
  read() {
    try {
      const value = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
      return Number.isFinite(value) && value > 0 ? value : undefined;
    } catch {
      return undefined;
    }
  },
  write(at) {
    try {
      window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
    } catch {
      // Not shared then; this tab's own count still applies.
    }
  },
};

// mousemove fires many times a second: share at most this often.
const SHARE_EVERY_MS = 1000;

export interface ActivityMonitorOptions {
  idleMs: number;
  refreshAfterGapMs: number;
  /** No activity in any tab for `idleMs`, or the first activity after such a gap (the machine slept). */
  onIdle: () => void;
  /** Activity after a pause longer than `refreshAfterGapMs` (the token may be close to expiry). */
  onResume: () => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  shared?: SharedActivity;
  now?: () => number;
}

/**
 * Watches user activity while signed in. Events only record a time stamp (and share it with the
 * other tabs); one timer checks for idleness and re-arms itself for whatever time is left.
 */
export function startActivityMonitor({
  idleMs,
  refreshAfterGapMs,
  onIdle,
  onResume,
  target = window,
  shared = localStorageActivity,
  now = Date.now,
}: ActivityMonitorOptions): () => void {
  let lastActivity = 0;
  let lastShared = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const record = (at: number) => {
    lastActivity = at;
    if (at - lastShared >= SHARE_EVERY_MS) {
      lastShared = at;
      shared.write(at);
    }
  };
  /** The latest activity in this tab or any other. */
  const latest = () => Math.max(lastActivity, shared.read() ?? 0);

  const arm = (delay: number) => {
    timer = setTimeout(check, delay);
  };
  const idle = () => {
    stop();
    onIdle();
  };
  function check() {
    const idleFor = now() - latest();
    if (idleFor >= idleMs) idle();
    // A time from another tab's clock in the future must not postpone the check for longer.
    else arm(Math.min(idleMs, idleMs - idleFor));
  }
  const onActivity = () => {
    const at = now();
    // Timers do not run while the machine sleeps: the gap itself says the session is over, so
    // the first activity after it logs out instead of renewing the token.
    if (at - latest() >= idleMs) {
      idle();
      return;
    }
    const gap = at - lastActivity;
    record(at);
    if (gap > refreshAfterGapMs) onResume();
  };

  // Signing in or loading the page is activity.
  record(now());
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
