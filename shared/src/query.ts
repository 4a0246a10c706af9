import { useCallback, useEffect, useRef, useState } from 'react';
// The shared modules by name: a remote bundles this hook, and must read the page's one preloaded
// store (a React context), not a copy of it.
import { apiRequest } from '@site/shared/api-client';
import { usePreloaded } from '@site/shared/preloaded';

/** A read as a component shows it: the last answer stays in `data` while the next loads or fails. */
export type Query<T> =
  | { state: 'loading'; data: T | undefined }
  | { state: 'error'; data: T | undefined; error: unknown }
  | { state: 'ready'; data: T };

type Settled<T> = { key: string; round: number } & ({ state: 'ready'; data: T } | { state: 'error'; data: T | undefined; error: unknown });

/**
 * The answer to a read, named by `key` (for an api read, its path and query: `routeRead`,
 * `preloadKey`). A page the server rendered carries the answers it was made from: then the read is
 * ready at once and nothing is asked again. Otherwise `load` runs on mount, whenever `key` changes
 * and on `reload`; its signal aborts when the component leaves or asks again, and an aborted
 * answer is dropped.
 */
export function useQuery<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Query<T> & { reload: () => void } {
  const preloaded = usePreloaded<T>(key);
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const loader = useRef(load);
  loader.current = load;
  // The server's answer stands until the component asks again.
  const fromServer = preloaded !== undefined && round === 0;

  useEffect(() => {
    if (fromServer) return undefined;
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, round, state: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled((previous) => ({ key, round, state: 'error', data: previous?.data, error }));
      },
    );
    return () => controller.abort();
  }, [key, round, fromServer]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  if (fromServer) return { state: 'ready', data: preloaded, reload };
  if (settled?.key === key && settled.round === round) {
    const { key: _key, round: _round, ...query } = settled;
    return { ...query, reload };
  }
  return { state: 'loading', data: settled?.data ?? preloaded, reload };
}

/**
 * A public api read by its key, which is its path and query under /api (`routeRead`): what the
 * server reads before rendering a page is what the browser asks for when it was not.
 */
export function useApiRead<T>(key: string): Query<T> & { reload: () => void } {
  return useQuery(key, (signal) => apiRequest<T>(key, { signal }));
}
