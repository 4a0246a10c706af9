import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> =
  | { state: 'loading'; data: T | undefined }
  | { state: 'error'; data: T | undefined; error: unknown }
  | { state: 'ready'; data: T };

/** Loads on mount and whenever `key` changes; `reload` asks again. A stale answer is dropped. */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> & { reload: () => void } {
  const [result, setResult] = useState<Load<T> & { key: string }>({ key, state: 'loading', data: undefined });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const ticket = ++latest.current;
    setResult((previous) => ({ key, state: 'loading', data: previous.data }));
    loader
      .current()
      .then((data) => {
        if (ticket === latest.current) setResult({ key, state: 'ready', data });
      })
      .catch((error: unknown) => {
        if (ticket === latest.current) setResult((previous) => ({ key, state: 'error', data: previous.data, error }));
      });
  }, [key, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  // Until the new key's answer arrives, the one shown belongs to the previous key: loading.
  const { key: loadedKey, ...loaded } = result;
  const current: Load<T> = loadedKey === key ? loaded : { state: 'loading', data: loaded.data };
  return { ...current, reload };
}
