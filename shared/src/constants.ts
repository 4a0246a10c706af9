/** Business constants from the specification, in one place. */
export const TOAST_DURATION = { error: 4000, plain: 4000, success: 2000, successLong: 5000 } as const;
export const TOAST_LIMIT = 20;
export const HASH_WAIT_MS = 10_000;
export const HEADER = { fadeOverPx: 100, scrolledAfterPx: 10, tallPx: 80, compactPx: 64 } as const;
export const BREAKPOINT = { mobile: 768, menu: 1024 } as const;
export const SESSION = { idleLogoutMs: 60 * 60 * 1000, refreshAfterGapMs: 5 * 60 * 1000 } as const;
export const AI_WIDGET_POLL = { intervalMs: 500, maxTries: 40 } as const;
export const PREVIEW_LENGTH = 150;
export const COMMUNITY_EMAILS_KEY = 'community-emails';
