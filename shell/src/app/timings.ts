/** The shell's own timings and sizes (SPEC): only the shell uses them, so they are released with it. */
export const TOAST_LIMIT = 20;
export const HASH_WAIT_MS = 10_000;
export const HEADER = { fadeOverPx: 100, scrolledAfterPx: 10, tallPx: 80, compactPx: 64 } as const;
export const SESSION = { idleLogoutMs: 60 * 60 * 1000, refreshAfterGapMs: 5 * 60 * 1000 } as const;
export const AI_WIDGET_POLL = { intervalMs: 500, maxTries: 40 } as const;
