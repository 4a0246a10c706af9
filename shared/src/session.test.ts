import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SessionModule from './session';
import type * as ApiClientModule from './api-client';

const toastSuccess = vi.fn();
vi.mock('./toast', () => ({ toast: { success: (text: string) => toastSuccess(text), error: vi.fn() } }));

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const tokenFor = (sub: string, role: string) => `${encode({ alg: 'HS256' })}.${encode({ sub, role })}.sig`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Modules = typeof SessionModule & typeof ApiClientModule;

/** A fresh copy of the store and client per test: "once per page load" state is module-level. */
async function load(): Promise<Modules> {
  vi.resetModules();
  return { ...(await import('./session')), ...(await import('./api-client')) };
}

let fetchMock: ReturnType<typeof vi.fn>;
let warn: ReturnType<typeof vi.spyOn>;
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === `/api${path}`);

const hintCookie = (present: boolean) =>
  (document.cookie = present ? 'has_session=1; path=/' : 'has_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT');

beforeEach(() => {
  hintCookie(true);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  toastSuccess.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('starts loading and signs in from one silent refresh per page load', async () => {
    const { useSession } = await load();
    expect(useSession.getState().status).toBe('loading');
    fetchMock.mockResolvedValue(json(200, { accessToken: tokenFor('u1', 'admin') }));
    await Promise.all([useSession.getState().bootstrap(), useSession.getState().bootstrap()]);
    await useSession.getState().bootstrap();
    expect(calls('/auth/refresh')).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user: { sub: 'u1', role: 'admin' } });
  });

  it('signs a visitor without the session hint cookie out at once, with no request', async () => {
    const { useSession } = await load();
    hintCookie(false);
    await useSession.getState().bootstrap();
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('ends signed out with a warning when the first refresh fails, without a logout call', async () => {
    const { useSession } = await load();
    fetchMock.mockResolvedValue(json(401, { error: 'unauthorized', message: 'no' }));
    await useSession.getState().bootstrap();
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(warn).toHaveBeenCalledWith('Refresh failed. Logging out.');
    expect(calls('/auth/logout')).toHaveLength(0);
  });

  it('keeps one refresh in flight at a time', async () => {
    const { useSession } = await load();
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const a = useSession.getState().refresh();
    const b = useSession.getState().refresh();
    answer(json(200, { accessToken: tokenFor('u2', 'user') }));
    expect(await a).toBe(await b);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs in with the decoded user', async () => {
    const { useSession } = await load();
    const token = tokenFor('u3', 'user');
    fetchMock.mockResolvedValue(json(200, { accessToken: token }));
    await useSession.getState().login('alice', 'secret-password');
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', token, user: { sub: 'u3', role: 'user' } });
    expect(JSON.parse(String(calls('/auth/login')[0]![1].body))).toEqual({ username: 'alice', password: 'secret-password' });
  });

  it('logs out on the server with the bearer token, clears, toasts and goes to /login', async () => {
    const { useSession, setSessionNavigator } = await load();
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    useSession.getState().signIn(tokenFor('u4', 'user'));
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await useSession.getState().logout();
    const [, init] = calls('/auth/logout')[0]!;
    expect(init.headers.Authorization).toBe(`Bearer ${tokenFor('u4', 'user')}`);
    expect(init.credentials).toBe('include');
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(toastSuccess).toHaveBeenCalledWith('Log out successful!');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('after an account is deleted, says so instead of "Log out successful!" and asks the server nothing', async () => {
    const { useSession, setSessionNavigator } = await load();
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    useSession.getState().signIn(tokenFor('u4', 'user'));
    await useSession.getState().logout('Your account has been deleted.');
    expect(calls('/auth/logout')).toHaveLength(0);
    expect(useSession.getState().status).toBe('signed-out');
    expect(toastSuccess).toHaveBeenCalledWith('Your account has been deleted.');
    expect(toastSuccess).not.toHaveBeenCalledWith('Log out successful!');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('still clears the local session when the logout call fails', async () => {
    const { useSession, setSessionNavigator } = await load();
    setSessionNavigator(vi.fn());
    useSession.getState().signIn(tokenFor('u5', 'user'));
    fetchMock.mockRejectedValue(new TypeError('network down'));
    await useSession.getState().logout();
    expect(warn).toHaveBeenCalled();
    expect(useSession.getState().status).toBe('signed-out');
  });
});

describe('api client with the session', () => {
  it('refreshes once on 401 and retries with the new token (single flight)', async () => {
    const { useSession, apiRequest } = await load();
    useSession.getState().signIn(tokenFor('u6', 'user'));
    const fresh = tokenFor('u6', 'user-renewed');
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') return json(200, { accessToken: fresh });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === `Bearer ${fresh}` ? json(200, { ok: true }) : json(401, { error: 'unauthorized', message: 'expired' });
    });
    const results = await Promise.all([apiRequest('/orders', { auth: true }), apiRequest('/orders', { auth: true })]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(calls('/auth/refresh')).toHaveLength(1);
  });

  it('signs out when the refresh after a 401 fails', async () => {
    const { useSession, apiRequest, ApiError } = await load();
    useSession.getState().signIn(tokenFor('u7', 'user'));
    fetchMock.mockResolvedValue(json(401, { error: 'unauthorized', message: 'Please sign in to continue.' }));
    await expect(apiRequest('/orders', { auth: true })).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().status).toBe('signed-out');
    expect(warn).toHaveBeenCalledWith('Refresh failed. Logging out.');
  });
});

describe('refresh across tabs', () => {
  /** A stand-in for the browser's LockManager: requests for one name run one after another. */
  function installWebLocks() {
    let queue: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => {
      const run = queue.then(() => work());
      queue = run.catch(() => undefined);
      return run;
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    return request;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  /**
   * The server's rotation as the api does it: the cookie sent is the one in the jar when the request
   * leaves; a token already used ends the session.
   */
  function fakeServer() {
    let jar = 'token-0';
    let generation = 0;
    fetchMock.mockImplementation(async (url: string) => {
      if (url !== '/api/auth/refresh') return json(404, { error: 'not_found', message: 'no' });
      const presented = jar;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (presented !== jar) return json(401, { error: 'unauthorized', message: 'reused' });
      jar = `token-${++generation}`;
      return json(200, { accessToken: tokenFor('u8', 'user') });
    });
  }

  it('takes turns between two tabs through a Web Lock, so neither presents a used token', async () => {
    const request = installWebLocks();
    fakeServer();
    const tabA = await load();
    const tabB = await load();
    const [a, b] = await Promise.all([tabA.useSession.getState().refresh(), tabB.useSession.getState().refresh()]);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(tabA.useSession.getState().status).toBe('signed-in');
    expect(tabB.useSession.getState().status).toBe('signed-in');
    expect(request).toHaveBeenCalledWith('session-refresh', expect.any(Function));
    expect(calls('/auth/refresh')).toHaveLength(2);
  });

  it('still keeps one refresh in flight per page without Web Locks', async () => {
    fakeServer();
    const { useSession } = await load();
    const [a, b] = await Promise.all([useSession.getState().refresh(), useSession.getState().refresh()]);
    expect(a).toBe(b);
    expect(calls('/auth/refresh')).toHaveLength(1);
  });

  it('signs every other tab in and out at once', async () => {
    const tab1 = await load();
    const tab2 = await load();
    const token = tokenFor('u9', 'admin');
    fetchMock.mockResolvedValue(json(200, { accessToken: token }));
    await tab1.useSession.getState().login('alice', 'secret-password');
    await vi.waitFor(() => expect(tab2.useSession.getState()).toMatchObject({ status: 'signed-in', token, user: { sub: 'u9', role: 'admin' } }));

    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    tab1.setSessionNavigator(vi.fn());
    await tab1.useSession.getState().logout();
    await vi.waitFor(() => expect(tab2.useSession.getState()).toMatchObject({ status: 'signed-out', token: null, user: null }));
    // Only the tab that logged out calls the server.
    expect(calls('/auth/logout')).toHaveLength(1);
  });
});
