import type { RunningServer } from '@site/test-support/server';

/** The cluster started by cluster-setup.ts, as the workers see it. */
export const proxyUrl = (): string => {
  const url = process.env.CLUSTER_PROXY_URL;
  if (!url) throw new Error('CLUSTER_PROXY_URL is not set: run through e2e/cluster.config.ts');
  return url;
};
export const instances = (): { url: string; pid: number; dataDir: string }[] => JSON.parse(process.env.CLUSTER_INSTANCES ?? '[]');
export const instanceEnv = (): Record<string, string> => JSON.parse(process.env.CLUSTER_INSTANCE_ENV ?? '{}');
export const clusterAdmin = (): { username: string; password: string } => JSON.parse(process.env.CLUSTER_ADMIN ?? '{}');

export type Pin = 0 | 1 | undefined;

/** A request through nginx; `pin` sends it to that instance only (test-only routing in the proxy). */
export async function viaProxy(path: string, { pin, headers = {}, ...init }: RequestInit & { pin?: Pin; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(`${proxyUrl()}${path}`, {
    ...init,
    headers: { origin: proxyUrl(), ...(pin === undefined ? {} : { 'x-cluster-instance': String(pin) }), ...headers },
  });
}

/** The instance that answered (the last upstream nginx tried), as host:port. */
export const servedBy = (response: Response): string => (response.headers.get('x-served-by') ?? '').split(',').pop()!.trim();
export const hostOf = (instance: { url: string } | RunningServer): string => new URL(instance.url).host;

/** A session as a browser holds it: the access token and the refresh cookie. */
export interface Session {
  accessToken: string;
  cookie: string;
}

function refreshCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('refresh_token='));
  if (!cookie) throw new Error(`no refresh cookie in the answer (${response.status})`);
  return cookie.split(';')[0]!;
}

export async function logIn(username: string, password: string, pin: Pin): Promise<Session> {
  const response = await viaProxy('/api/auth/login', {
    pin,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  return { accessToken: ((await response.json()) as { accessToken: string }).accessToken, cookie: refreshCookie(response) };
}

export async function refresh(session: Session, pin: Pin): Promise<{ response: Response; session?: Session }> {
  const response = await viaProxy('/api/auth/refresh', { pin, method: 'POST', headers: { cookie: session.cookie } });
  if (response.status !== 200) return { response };
  return { response, session: { accessToken: ((await response.json()) as { accessToken: string }).accessToken, cookie: refreshCookie(response) } };
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });

export async function register(username: string, password: string, pin: Pin = undefined): Promise<void> {
  const response = await viaProxy('/api/users/register', {
    pin,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
}
