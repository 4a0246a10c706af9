interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task so the browser can handle input and paint; the caller continues in a new
 * one. `scheduler.yield()` continues ahead of other queued work where the browser has it.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
