import { create } from 'zustand';
import { jwtDecode } from 'jwt-decode';
import { apiRequest, setTokenSource } from './api-client';
import { toast } from './toast';
import { SESSION_HINT_COOKIE } from './contracts/session-hint';

export type Role = 'admin' | 'user' | (string & {});

export interface SessionUser {
  sub: string;
  role: Role;
  /** The username, when the token carries it (decision 068). */
  name?: string;
}

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  /** Signed in with this token; the user is decoded from it when not given. */
  signIn: (token: string, user?: SessionUser) => void;
  /** Clears the local session only (no server call, no navigation). */
  signOut: () => void;
  setLoading: (loading: boolean) => void;
  /** The one silent refresh of a page load; later calls return the same promise. */
  bootstrap: () => Promise<void>;
  /** Renews the access token; concurrent callers share one request, tabs take turns. Failure signs out. */
  refresh: () => Promise<string | null>;
  login: (username: string, password: string) => Promise<void>;
  /**
   * Server logout (failure only logged), local clear, toast, then /login. `farewell` replaces the
   * usual toast when the session ends for another reason (an account just deleted): the account is
   * gone, so the server is not asked, and "Log out successful!" would say the wrong thing.
   */
  logout: (farewell?: string) => Promise<void>;
}

export const LOGOUT_TOAST = 'Log out successful!';
export const REFRESH_FAILED_WARNING = 'Refresh failed. Logging out.';

/*
 * Shell and remotes must share this one store. If a remote bundles its own copy (a federation
 * misconfiguration), signing in would not reach it; say so loudly instead of failing silently.
 */
const INSTANCE_KEY = Symbol.for('site.session-store');
const registry = globalThis as { [INSTANCE_KEY]?: number };
registry[INSTANCE_KEY] = (registry[INSTANCE_KEY] ?? 0) + 1;
if (registry[INSTANCE_KEY] > 1) {
  console.error('Session store loaded more than once: the shared package is not a federated singleton.');
}

// The shell registers its router's navigate; a full page load is the fallback (e.g. in a remote's dev page).
let navigate: (path: string) => void = (path) => window.location.assign(path);
export function setSessionNavigator(fn: (path: string) => void): void {
  navigate = fn;
}

export function decodeUser(token: string): SessionUser {
  const { sub, role, name } = jwtDecode<Partial<SessionUser>>(token);
  if (typeof sub !== 'string' || typeof role !== 'string') throw new Error('The access token has no sub or role');
  return typeof name === 'string' && name ? { sub, role, name } : { sub, role };
}

/*
 * Refresh tokens are single use and the cookie is shared by every tab: two tabs refreshing at once
 * would present the same token and the server would take the second for theft and end the session.
 * A Web Lock serializes refreshes across the tabs of this origin; the tab that waited then sends the
 * cookie the first one received. Without Web Locks only this page's single flight remains.
 */
export const REFRESH_LOCK = 'session-refresh';
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, work) as Promise<T>) : work();
}

/*
 * Every tab of this origin hears a login or a logout at once: a tab signed out elsewhere must not
 * go on showing an account (or admin screens) until its next refresh.
 */
export const SESSION_CHANNEL = 'site-session';
type SessionMessage = { type: 'signed-in'; token: string } | { type: 'signed-out' };
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(SESSION_CHANNEL);
(channel as { unref?: () => void } | undefined)?.unref?.();
const tellOtherTabs = (message: SessionMessage) => channel?.postMessage(message);

/** False only when the api's session hint cookie is absent: then a refresh could only fail. */
export async function mayHaveSession(): Promise<boolean> {
  if (typeof document === 'undefined') return true;
  // Chromium lists every document.cookie read as an issue; the Cookie Store API is the one it wants.
  const store = (globalThis as { cookieStore?: { get(name: string): Promise<unknown> } }).cookieStore;
  if (store) return (await store.get(SESSION_HINT_COOKIE).catch(() => true)) != null;
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

let inflightRefresh: Promise<string | null> | null = null;
let bootstrapped: Promise<void> | null = null;
// Bumped by every sign-in/out, so a refresh that was overtaken by a logout cannot sign back in.
let epoch = 0;

export const useSession = create<SessionState>()((set, get) => ({
  status: 'loading',
  token: null,
  user: null,
  signIn: (token, user) => {
    epoch++;
    set({ status: 'signed-in', token, user: user ?? decodeUser(token) });
  },
  signOut: () => {
    epoch++;
    set({ status: 'signed-out', token: null, user: null });
  },
  setLoading: (loading) =>
    set((state) => (loading ? { status: 'loading' } : { status: state.user ? 'signed-in' : 'signed-out' })),

  bootstrap: () => {
    // A visitor who never signed in (no hint cookie) is signed out at once, without a request.
    bootstrapped ??= mayHaveSession().then(async (maybe) => {
      if (maybe) await get().refresh();
      else if (get().status === 'loading') get().signOut();
    });
    return bootstrapped;
  },

  refresh: () => {
    if (inflightRefresh) return inflightRefresh;
    const started = epoch;
    inflightRefresh = oneTabAtATime(() => apiRequest<{ accessToken: string }>('/auth/refresh', { method: 'POST' }))
      .then(({ accessToken }) => {
        if (epoch !== started) return get().token;
        get().signIn(accessToken);
        return accessToken;
      })
      .catch(() => {
        if (epoch !== started) return get().token;
        console.warn(REFRESH_FAILED_WARNING);
        get().signOut();
        return null;
      })
      .finally(() => {
        inflightRefresh = null;
      });
    return inflightRefresh;
  },

  login: async (username, password) => {
    const { accessToken } = await apiRequest<{ accessToken: string }>('/auth/login', {
      method: 'POST',
      body: { username, password },
    });
    get().signIn(accessToken);
    tellOtherTabs({ type: 'signed-in', token: accessToken });
  },

  logout: async (farewell) => {
    if (get().token && !farewell) {
      try {
        await apiRequest('/auth/logout', { method: 'POST', auth: true });
      } catch (error) {
        console.warn('Logout failed on the server; the local session is cleared anyway.', error);
      }
    }
    get().signOut();
    tellOtherTabs({ type: 'signed-out' });
    toast.success(farewell ?? LOGOUT_TOAST);
    navigate('/login');
  },
}));

if (channel) {
  channel.onmessage = (event: MessageEvent<SessionMessage>) => {
    const message = event.data;
    const state = useSession.getState();
    if (message?.type === 'signed-out' && state.status !== 'signed-out') state.signOut();
    if (message?.type === 'signed-in' && typeof message.token === 'string' && message.token !== state.token) {
      try {
        state.signIn(message.token);
      } catch {
        // A token this tab cannot read: it keeps its own session and refreshes as usual.
      }
    }
  };
}

setTokenSource({ getToken: () => useSession.getState().token, refresh: () => useSession.getState().refresh() });

export const isAdmin = (user: SessionUser | null): boolean => user?.role === 'admin';
