import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { register, servedBy, viaProxy, type Pin } from '../support/cluster-client';

const post = (path: string, body: unknown, pin: Pin, headers: Record<string, string> = {}) =>
  viaProxy(path, { pin, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

test('the per-account login limit counts attempts on both instances together', async () => {
  const username = `cluster-${randomBytes(4).toString('hex')}`;
  await register(username, 'the right password');
  const served = new Set<string>();
  // 10 failures per account and address in 5 minutes (USERNAME_LIMITS.login), spread over both.
  for (let i = 0; i < 10; i++) {
    const attempt = await post('/api/auth/login', { username, password: `wrong ${i}` }, (i % 2) as Pin);
    expect(attempt.status).toBe(401);
    served.add(servedBy(attempt));
  }
  expect(served.size).toBe(2);
  for (const pin of [0, 1] as const) {
    const refused = await post('/api/auth/login', { username, password: 'the right password' }, pin);
    expect(refused.status).toBe(429);
  }
});

test('the per-address limit counts requests on both instances together and ignores a forged X-Forwarded-For', async () => {
  // 10 reset requests per address a minute (IP_LIMITS.forgotPassword), different accounts each time.
  for (let i = 0; i < 10; i++) {
    const ok = await post('/api/users/forgot-password', { username: `nobody-${randomBytes(4).toString('hex')}` }, (i % 2) as Pin);
    expect(ok.status).toBe(200);
  }
  for (const pin of [0, 1] as const) {
    expect((await post('/api/users/forgot-password', { username: `nobody-${randomBytes(4).toString('hex')}` }, pin)).status).toBe(429);
  }
  const forged = await post('/api/users/forgot-password', { username: 'someone-else' }, 0, { 'x-forwarded-for': '203.0.113.7' });
  expect(forged.status).toBe(429);
});
