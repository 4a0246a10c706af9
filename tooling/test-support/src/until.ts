import { setTimeout as delay } from 'node:timers/promises';

/**
 * Resolves once `check` holds, asking again every `intervalMs` (state in another process, or behind
 * a timer, has no event to wait on); fails after `timeoutMs`, naming what it waited for.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000, intervalMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(intervalMs);
  }
}
