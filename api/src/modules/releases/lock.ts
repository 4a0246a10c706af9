import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { ReleaseRefused } from './checks';

/**
 * One release or rollback at a time: two at once would interleave their checks and pointer writes
 * (each checked against a site the other is changing). The lock is a file in RELEASES_DIR, which
 * every instance and the CLI share (decision 056), so it holds across processes and machines;
 * proper-lockfile keeps it fresh while held and takes over one left by a process that died.
 */

/** The lock's path: beside the remotes' folders, never served (not a release's file). */
export const releaseLockOf = (releasesDir: string) => path.join(releasesDir, 'releasing.lock');

/** How long a second release waits for the first before refusing. */
export const LOCK_WAIT_MS = 5_000;
const RETRY_EVERY_MS = 250;

/** Checks, before a pointer moves, that the lock is still this operation's. */
export type LockHeld = () => void;

/**
 * Runs `work` holding the site's release lock (one for every front end: a shell release is checked
 * against the remotes and each remote against the shell). Waits `waitMs` for another to finish, then
 * refuses, nothing done.
 */
export async function exclusively<T>(releasesDir: string, work: (held: LockHeld) => Promise<T>, waitMs = LOCK_WAIT_MS): Promise<T> {
  await mkdir(releasesDir, { recursive: true });
  const lockfilePath = releaseLockOf(releasesDir);
  let lost: Error | undefined;
  let unlock: () => Promise<void>;
  try {
    unlock = await lock(releasesDir, {
      lockfilePath,
      realpath: false,
      // Taken over from a dead process after a minute (refreshed every 30 s while held): longer than
      // any event-loop stall of a release, and than the clock skew between the machines sharing it.
      stale: 60_000,
      retries: { retries: Math.max(0, Math.ceil(waitMs / RETRY_EVERY_MS)), factor: 1, minTimeout: RETRY_EVERY_MS, maxTimeout: RETRY_EVERY_MS },
      // Its default throws from a timer, ending the process halfway; the pointer write checks instead.
      onCompromised: (error) => {
        lost = error;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new ReleaseRefused(`another release of the site's front ends (or a rollback) is under way (${lockfilePath} is held): nothing changed; try again once it is done`, 'release_under_way');
    }
    throw error;
  }
  try {
    return await work(() => {
      if (lost) throw new ReleaseRefused(`the release lock ${lockfilePath} was lost (${lost.message}): nothing switched`, 'release_under_way');
    });
  } finally {
    await unlock().catch(() => undefined);
  }
}
