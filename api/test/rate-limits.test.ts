import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestInstances } from './app';
import { testDatabases } from './databases';
import { uniqueName } from './accounts-helpers';
import { IP_LIMITS, USERNAME_LIMITS } from '../src/modules/auth/rate-limits';
import { CONTACT_RATE_LIMIT } from '../src/modules/contacts/routes';
import { NEWSLETTER_RATE_LIMIT } from '../src/modules/newsletters/routes';
import { deleteExpiredRateLimits } from '../src/db/rate-limit-store';

// Invalid bodies keep these cheap: a route limit counts the request before its body is validated.
const ROUTE_LIMITS = [
  ['/api/users/register', IP_LIMITS.register.max],
  ['/api/contacts', CONTACT_RATE_LIMIT.max],
  ['/api/newsletters', NEWSLETTER_RATE_LIMIT.max],
] as const;

describe.each(testDatabases())('rate limits shared through the database on $name', (target) => {
  // Two instances behind one load balancer: the same database, nothing else in common.
  let a: FastifyInstance;
  let b: FastifyInstance;
  let ipCounter = 0;
  const newIp = () => `10.9.0.${++ipCounter}`;
  const instance = (i: number) => (i % 2 === 0 ? a : b);

  useTestInstances(target, [{}, {}], ([first, second]) => {
    a = first!;
    b = second!;
  });

  it.each(ROUTE_LIMITS)('counts %s hits on both instances against one per-address limit', async (url, max) => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      statuses.push((await instance(i).inject({ method: 'POST', url, remoteAddress: ip, payload: {} })).statusCode);
    }
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
    // Also for the instance that saw fewer of the hits.
    expect((await a.inject({ method: 'POST', url, remoteAddress: ip, payload: {} })).statusCode).toBe(429);
    expect((await b.inject({ method: 'POST', url, remoteAddress: ip, payload: {} })).statusCode).toBe(429);
  });

  it('counts simultaneous hits exactly (one atomic upsert per hit)', async () => {
    const ip = newIp();
    const max = IP_LIMITS.register.max;
    const answers = await Promise.all(
      Array.from({ length: max + 5 }, (_, i) => instance(i).inject({ method: 'POST', url: '/api/users/register', remoteAddress: ip, payload: {} })),
    );
    expect(answers.filter((res) => res.statusCode !== 429)).toHaveLength(max);
  });

  it('counts each route separately for one address', async () => {
    const ip = newIp();
    for (let i = 0; i <= IP_LIMITS.register.max; i++) await a.inject({ method: 'POST', url: '/api/users/register', remoteAddress: ip, payload: {} });
    expect((await a.inject({ method: 'POST', url: '/api/contacts', remoteAddress: ip, payload: {} })).statusCode).toBe(400);
  });

  it('limits one username from one address across instances, never from the other addresses', async () => {
    const username = uniqueName('target');
    const attacker = newIp();
    const ask = (i: number, ip = attacker) =>
      instance(i).inject({ method: 'POST', url: '/api/users/forgot-password', remoteAddress: ip, payload: { username } });
    for (let i = 0; i < USERNAME_LIMITS.forgotPassword.max; i++) expect((await ask(i)).statusCode).toBe(200);
    const limited = await ask(USERNAME_LIMITS.forgotPassword.max);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner asks from elsewhere: not blocked by the attacker's count.
    expect((await ask(0, newIp())).statusCode).toBe(200);
  });

  it('starts a new window once the old one is over, and the sweep deletes finished windows', async () => {
    const ip = newIp();
    const hit = () => b.inject({ method: 'POST', url: '/api/contacts', remoteAddress: ip, payload: {} });
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) await hit();
    expect((await hit()).statusCode).toBe(429);
    await a.database.withSession((s) => s.query("UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key LIKE $1", [`%|${ip}`]));
    expect((await hit()).statusCode).toBe(400);
    const rows = () => a.database.withSession((s) => s.query<{ count: number }>('SELECT count FROM rate_limits WHERE key LIKE $1', [`%|${ip}`]));
    expect(await rows()).toEqual([{ count: 1 }]);

    await a.database.withSession((s) => s.query("UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key LIKE $1", [`%|${ip}`]));
    expect(await deleteExpiredRateLimits(a.database.db)).toBeGreaterThanOrEqual(1);
    expect(await rows()).toEqual([]);
  });
});
