import { Component, Suspense, createContext, lazy, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type Context, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from './ui/theme';
import { Button } from './ui/primitives';
import type { REMOTES } from './remotes';
import { reportClientError } from './client-errors';

/** Remote module ids the product composes, as `<federation name>/<exposed module>` (from remotes.js). */
export type RemoteModuleId = { [Name in keyof Remotes]: `${Name}/${ModuleOf<Remotes[Name]>}` }[keyof Remotes];
type Remotes = typeof REMOTES;
type ModuleOf<Remote> =
  | (Remote extends { routes: infer Routes } ? Routes[keyof Routes] extends { module: infer M extends string } ? M : never : never)
  | (Remote extends { sections: readonly (infer S extends string)[] } ? S : never);

type RemoteModule = { default: ComponentType<Record<string, unknown>> };
type Loader = (id: RemoteModuleId) => Promise<RemoteModule>;

let loader: Loader | null = null;

/**
 * A server render's own loader, passed down its tree: the api composes the live site and a release
 * on trial with a federation instance each, so one module-wide loader would let a render compose a
 * part from the other side. The context object is kept on globalThis because a remote composed by
 * the trial's instance can get its own copy of this module, and React matches a provider to its
 * consumers by the context object (React itself is one copy: the api's).
 */
const LOADER_CONTEXT = Symbol.for('site.remoteLoaderContext');
const LoaderContext = ((globalThis as typeof globalThis & { [LOADER_CONTEXT]?: Context<Loader | null> })[LOADER_CONTEXT] ??= createContext<Loader | null>(null));

/** Gives `<Remote>`s below it this loader (the api's server render); the browser registers one instead. */
export function RemoteLoaderProvider({ load, children }: { load: Loader; children: ReactNode }) {
  return <LoaderContext.Provider value={load}>{children}</LoaderContext.Provider>;
}

/**
 * The shell registers the browser's federation loader here; remotes compose each other through it
 * (the home page's booking section), so no remote imports another's source or runtime instance.
 */
export function registerRemoteLoader(load: Loader): void {
  loader = load;
}

/** Starts loading a remote module ahead of its render (a server-rendered part about to hydrate). */
export const preloadRemote = (id: RemoteModuleId): Promise<unknown> => loadModule(id, loader).catch(() => undefined);

async function loadModule(id: RemoteModuleId, load: Loader | null): Promise<RemoteModule> {
  if (!load) throw new Error(`No remote loader registered for ${id}`);
  const mod = await load(id);
  if (!mod || typeof mod.default !== 'function') throw new Error(`Remote module ${id} has no component`);
  return mod;
}

const Panel = styled.div`
  margin: 48px auto;
  max-width: 560px;
  padding: 24px;
  text-align: center;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
`;

// A page's placeholder fills the viewport, so the footer does not flash into view and jump away
// when the page arrives (a layout shift). Sections pass their own, smaller fallback.
const Loading = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  color: ${theme.color.textMuted};
`;

export function RemoteLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Loading role="status" aria-live="polite">
      {label}
    </Loading>
  );
}

interface BoundaryProps {
  /** The remote the part comes from, its errors counted against it. */
  remote: string;
  onRetry: () => void;
  onFailed: () => void;
  what: string;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`Could not load ${this.props.what}.`, error);
    reportClientError(this.props.remote);
    this.props.onFailed();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Panel role="alert">
        <p>This part of the site could not be loaded. Check your connection and try again.</p>
        <Button
          type="button"
          onClick={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        >
          Retry
        </Button>
      </Panel>
    );
  }
}

/**
 * `<html data-app="live">` once the first page has been made interactive: the shell's tree committed
 * and every remote part it shows rendered (or failed). A server-rendered page shows its controls
 * earlier; text typed into a form React has not hydrated yet is lost, so browser tests wait for this.
 */
const live = { shellCommitted: false, waiting: 0, marked: false };
let becameLive: () => void = () => undefined;
const livePromise = new Promise<void>((resolve) => (becameLive = resolve));
function markLiveWhenSettled(): void {
  if (live.marked || !live.shellCommitted || live.waiting > 0) return;
  live.marked = true;
  document.documentElement.dataset.app = 'live';
  becameLive();
}

/** Settles once the page is live (`data-app="live"`): work the page does not need waits for it. */
export function whenLive(): Promise<void> {
  return livePromise;
}

/** Called by the shell once its tree has committed (its root's effect). */
export function shellCommitted(): void {
  live.shellCommitted = true;
  markLiveWhenSettled();
}

/**
 * Holds `data-app="live"` back for a part the server rendered whose code comes later (the home
 * page's booking section): a press kept before then is carried out once that part can act. Answers
 * the release (once is enough; a page already live is not held).
 */
export function holdLive(): () => void {
  if (live.marked) return () => undefined;
  live.waiting += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    live.waiting -= 1;
    markLiveWhenSettled();
  };
}

/** Counts a remote part as pending from its first commit until `settle` (its content rendered or failed). */
function usePendingUntilSettled(): () => void {
  const part = useRef({ settled: false, counted: false });
  useEffect(() => {
    const state = part.current;
    // Counted once (development's StrictMode runs effects twice).
    if (!state.settled && !state.counted && !live.marked) {
      state.counted = true;
      live.waiting += 1;
    }
  }, []);
  return () => {
    const state = part.current;
    if (state.settled) return;
    state.settled = true;
    if (state.counted) live.waiting -= 1;
    markLiveWhenSettled();
  };
}

function Settled({ settle }: { settle: () => void }) {
  useEffect(settle, [settle]);
  return null;
}

/**
 * A lazy part of the shell that the server rendered (the login page): `data-app="live"` waits until
 * its code has come and hydrated it, so a press kept before then reaches its handler.
 */
export function LazyPart({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const settle = usePendingUntilSettled();
  return (
    <Suspense fallback={fallback}>
      {children}
      <Settled settle={settle} />
    </Suspense>
  );
}

interface RemoteProps {
  id: RemoteModuleId;
  /** Human name of the part, for the log. */
  what?: string;
  props?: Record<string, unknown>;
  fallback?: ReactNode;
  /** Called once its content has rendered (or failed): the part can act. */
  onSettled?: () => void;
}

/** Renders a remote's exposed component, with a loading state and an inline retry when it fails. */
export function Remote({ id, what = id, props, fallback, onSettled }: RemoteProps) {
  const [attempt, setAttempt] = useState(0);
  const load = useContext(LoaderContext) ?? loader;
  // A new lazy component per attempt, so a retry really asks the network again.
  const Lazy = useMemo(() => lazy(() => loadModule(id, load).then((mod) => (void attempt, mod))), [id, load, attempt]);
  const settlePart = usePendingUntilSettled();
  const settle = () => {
    settlePart();
    onSettled?.();
  };
  return (
    <RemoteBoundary key={`${id}:${attempt}`} remote={id.split('/')[0]!.replace('_', '-')} what={what} onRetry={() => setAttempt((n) => n + 1)} onFailed={settle}>
      <Suspense fallback={fallback ?? <RemoteLoading />}>
        <Lazy {...props} />
        <Settled settle={settle} />
      </Suspense>
    </RemoteBoundary>
  );
}
