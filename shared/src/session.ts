import { create } from 'zustand';

export type Role = 'admin' | 'user' | (string & {});

export interface SessionUser {
  sub: string;
  role: Role;
}

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  /** Sets the signed-in state; the shell owns the calls that produce tokens. */
  signIn: (token: string, user: SessionUser) => void;
  signOut: () => void;
  setLoading: (loading: boolean) => void;
}

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

export const useSession = create<SessionState>()((set) => ({
  status: 'loading',
  token: null,
  user: null,
  signIn: (token, user) => set({ status: 'signed-in', token, user }),
  signOut: () => set({ status: 'signed-out', token: null, user: null }),
  setLoading: (loading) =>
    set((state) => (loading ? { status: 'loading' } : { status: state.user ? 'signed-in' : 'signed-out' })),
}));

export const isAdmin = (user: SessionUser | null): boolean => user?.role === 'admin';
