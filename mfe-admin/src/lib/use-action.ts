import { useState } from 'react';
import { messageOf } from '@site/shared/api-client';

/** What a contract's `safeParse` answers. */
type Checked<T> = { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };

/**
 * A form's one action: `run` clears the last failure, keeps `busy` while the action runs, and keeps
 * its error's message (or `fallback`) as `failure` for the form's alert. `submit` first checks the
 * input: refused, the first issue (or `invalid`) is the field's `error` and nothing runs, until a
 * field changes (`editing`).
 */
export function useAction(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

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

  async function submit<T>(checked: Checked<T>, invalid: string, action: (data: T) => Promise<void>) {
    if (!checked.success) {
      setFailure(null);
      setError(checked.error.issues[0]?.message ?? invalid);
      return;
    }
    setError(null);
    await run(() => action(checked.data));
  }

  /** A field's change handler: keeps its value, and drops the last refusal, which no longer describes it. */
  const editing = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setError(null);
  };

  return { busy, failure, error, run, submit, editing };
}
