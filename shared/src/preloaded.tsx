import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { REMOTES, fillRead, readKey, type Read, type RemoteName } from './remotes';

/**
 * Api answers a server-rendered page was made from, keyed by the api path and query the page's own
 * code would have asked for (see `preloadKey`). The server renders with them and writes them into
 * the HTML; the browser hydrates from the same answers instead of asking again.
 */
export type PreloadedData = Readonly<Record<string, unknown>>;

const PreloadedContext = createContext<PreloadedData>({});

/** The id of the `<script type="application/json">` the server writes the answers into. */
export const PRELOADED_SCRIPT_ID = 'preloaded-data';

export function PreloadedDataProvider({ data, children }: { data: PreloadedData; children: ReactNode }) {
  return <PreloadedContext.Provider value={data}>{children}</PreloadedContext.Provider>;
}

/** The key of an api read: its path under /api and its query, in the order given. */
export function preloadKey(path: string, query: Record<string, string> = {}): string {
  return readKey(path, query);
}

type RoutesOf<R extends RemoteName> = (typeof REMOTES)[R]['routes'];
/** The reads a route of the remote table declares, by name. */
export type RouteReadName<R extends RemoteName, P extends keyof RoutesOf<R>> = RoutesOf<R>[P] extends { reads: infer Reads } ? keyof Reads & string : never;

/**
 * The key of a read the remote table declares for a server-rendered route (`shared/src/remotes.js`):
 * the api reads the same before rendering, so the component finds the answer it would ask for.
 * `values` fill the read's placeholders: the route's parameters (`slug`) and values taken from an
 * earlier answer (`event.id`).
 */
export function routeRead<R extends RemoteName, P extends keyof RoutesOf<R> & string>(
  remote: R,
  route: P,
  read: RouteReadName<R, P>,
  values: Readonly<Record<string, string>> = {},
): string {
  const reads = (REMOTES[remote].routes as Readonly<Record<string, { reads?: Readonly<Record<string, Read>> }>>)[route]?.reads;
  const declared = reads?.[read];
  if (!declared) throw new Error(`${remote} ${route} declares no read ${read}`);
  const key = fillRead(declared, values);
  if (key === null) throw new Error(`${remote} ${route}: the read ${read} needs a value for each of its placeholders`);
  return key;
}

/** The answer the server rendered this page with, if it did (undefined otherwise: fetch as usual). */
export function usePreloaded<T>(key: string): T | undefined {
  return useContext(PreloadedContext)[key] as T | undefined;
}

/** Reads (once) the answers the server wrote into the page; empty when the page was not server-rendered. */
export function readPreloadedData(doc: Document): PreloadedData {
  const script = doc.getElementById(PRELOADED_SCRIPT_ID);
  if (!script?.textContent) return {};
  try {
    const data = JSON.parse(script.textContent) as unknown;
    return typeof data === 'object' && data !== null ? (data as PreloadedData) : {};
  } catch {
    return {};
  }
}

const noSubscription = () => () => undefined;

/**
 * False on the server and during hydration, true afterwards (and at once on pages rendered in the
 * browser): what depends on the visitor's clock, zone or locale renders a neutral form first, so
 * the browser's first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * What the visitor typed into a field of the server's HTML before the page ran, read when the
 * field's component first renders in the browser: hydration would otherwise put the field back to
 * its first value. Undefined on the server and for fields the browser renders itself.
 */
export function typedBeforeHydration(elementId: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const field = document.getElementById(elementId);
  const typed = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement ? field.value : '';
  return typed || undefined;
}

/** Whether the visitor ticked a checkbox of the server's HTML before the page ran (see above). */
export function checkedBeforeHydration(elementId: string): boolean {
  if (typeof document === 'undefined') return false;
  const field = document.getElementById(elementId);
  return field instanceof HTMLInputElement && field.checked;
}
