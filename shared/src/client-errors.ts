/**
 * Client errors waiting for the visitor-signals beacon (shell/src/lib/vitals.ts), on the window
 * because each front end bundles its own copy of this module. Each entry is the front end the error
 * is put down to (a package folder, `mfe-marketing`), or null for one no front end claimed (an
 * unhandled error or rejection). Nothing about the error itself is kept.
 */
export type ClientErrorQueue = (string | null)[];

interface WithErrors {
  __siteClientErrors?: ClientErrorQueue;
}

/** The queue the beacon drains; made on first use. */
export function clientErrors(): ClientErrorQueue {
  const holder = globalThis as WithErrors;
  return (holder.__siteClientErrors ??= []);
}

/** Counts an error for the beacon; bounded, so a loop of errors cannot grow it without end. */
export function reportClientError(remote: string | null): void {
  const queue = clientErrors();
  if (queue.length < 100) queue.push(remote);
}
