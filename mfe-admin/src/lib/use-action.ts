import { useState } from 'react';
import { messageOf } from '@site/shared/api-client';

/**
 * A form's one action: `run` clears the last failure, keeps `busy` while the action runs, and keeps
 * its error's message (or `fallback`) as `failure` for the form's alert; `clear` forgets the failure
 * (a submit that stops at its own checks).
 */
export function useAction(fallback: string): {
  busy: boolean;
  failure: string | null;
  run: (action: () => Promise<void>) => Promise<void>;
  clear: () => void;
} {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run(action: () => Promise<void>) {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setFailure(messageOf(caught, fallback));
    } finally {
      setBusy(false);
    }
  }
  return { busy, failure, run, clear: () => setFailure(null) };
}
