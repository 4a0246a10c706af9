import { E2E_ADMIN } from './global-setup';

// One real login per worker: the api ends tokens with their session and re-checks the admin's role,
// so only a token from a real session of the real admin will do. Logins per account are limited,
// hence shared; renewed well before its 15 minutes run out.
const RENEW_AFTER_MS = 10 * 60_000;
let current: { token: Promise<string>; at: number } | undefined;

async function logIn(): Promise<string> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
  });
  if (!response.ok) throw new Error(`admin login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** An access token of the start-up admin, from a session no test ends. */
export function adminAccessToken(): Promise<string> {
  if (!current || Date.now() - current.at > RENEW_AFTER_MS) {
    const token = logIn();
    current = { token, at: Date.now() };
    token.catch(() => (current = undefined));
  }
  return current.token;
}
