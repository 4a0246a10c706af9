import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { PASSWORD, register, uniqueName } from './accounts-helpers';
import { clientNetwork } from '../src/lib/client-network';
import { ACCOUNT_SLOWDOWN, accountDelayMs, USERNAME_LIMITS } from '../src/modules/auth/rate-limits';
import { readRateLimit } from '../src/db/rate-limit-store';

describe('the network every limit counts a client under', () => {
  it('is the /64 for IPv6, the address for IPv4, and IPv4 for IPv4-mapped IPv6', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe(clientNetwork('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(clientNetwork('2001:db8:1:3::5')).not.toBe(clientNetwork('2001:db8:1:2::5'));
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('198.51.100.8')).not.toBe(clientNetwork('198.51.100.7'));
  });

  it('slows sign-ins to a much-guessed account step by step, up to a ceiling, never refusing', () => {
    expect(accountDelayMs(ACCOUNT_SLOWDOWN.free)).toBe(0);
    expect(accountDelayMs(ACCOUNT_SLOWDOWN.free + 1)).toBe(ACCOUNT_SLOWDOWN.stepMs);
    expect(accountDelayMs(ACCOUNT_SLOWDOWN.free + 2)).toBe(2 * ACCOUNT_SLOWDOWN.stepMs);
    expect(accountDelayMs(ACCOUNT_SLOWDOWN.free + 10_000)).toBe(ACCOUNT_SLOWDOWN.maxDelayMs);
  });
});

describe.each(testDatabases())('limits by network on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  // Each test its own /64, so no count leaks between tests.
  let block = 0;
  const newBlock = () => `2001:db8:${(++block).toString(16)}:${(process.pid % 0xffff).toString(16)}`;

  it('meets the per-username limit when one username is guessed from rotating addresses of one /64', async () => {
    const username = uniqueName('target');
    const prefix = newBlock();
    const statuses: number[] = [];
    for (let i = 1; i <= USERNAME_LIMITS.login.max + 1; i++) {
      const remoteAddress = `${prefix}:${i.toString(16)}::${i.toString(16)}`;
      statuses.push((await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password: 'guess' } })).statusCode);
    }
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it("counts an account's failed sign-ins from every network, and its owner still signs in", async () => {
    const owner = await register(app);
    for (let i = 0; i < 3; i++) {
      await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: `${newBlock()}::1`, payload: { username: owner.username, password: 'guess' } });
    }
    expect((await readRateLimit(app.database.db, `login-account:${owner.username.toLowerCase()}`)).current).toBe(3);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: `${newBlock()}::1`, payload: { username: owner.username, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
  });
});
