import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const PASSWORD = 'correct horse battery';

/** A fresh username per test, so per-username rate limits never cross tests. */
export const uniqueName = (prefix = 'user'): string => `${prefix}-${randomBytes(4).toString('hex')}`;

/** Lets the tests speak as the reverse proxy: inject's own address is 127.0.0.1. */
export const BEHIND_PROXY = { TRUST_PROXY: '127.0.0.1' };

/** A distinct client address per caller (set by the trusted proxy, see BEHIND_PROXY), for per-IP limits. */
export const fromIp = (ip = `10.${randomBytes(3).join('.')}`) => ({ 'x-forwarded-for': ip });

export async function register(app: FastifyInstance, username = uniqueName(), password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: fromIp(),
    payload: { username, email: `${username}@example.com`, password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { username, password, id: res.json().id as string };
}

export function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((cookie) => cookie.name === 'refresh_token');
}

export async function login(app: FastifyInstance, username: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: fromIp(), payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { accessToken: res.json().accessToken as string, refreshToken: refreshCookieOf(res)!.value };
}

export const refresh = (app: FastifyInstance, refreshToken: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: refreshToken }, headers });

export function claimsOf(accessToken: string): { sub: string; role: string; sid: string } {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'));
}
