import { createHmac, randomUUID } from 'node:crypto';

/**
 * Signs an access token the way the api does (HS256 with the server's JWT_SECRET, which the
 * global setup fixes for the test server), for calling the api as a given role from a test.
 */
export function accessToken(claims: { sub?: string; role: 'user' | 'admin' }, ttlSeconds = 900): string {
  const secret = process.env.E2E_JWT_SECRET;
  if (!secret) throw new Error('E2E_JWT_SECRET is not set: run through the Playwright config');
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: claims.sub ?? randomUUID(), role: claims.role, iat: now, exp: now + ttlSeconds })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
