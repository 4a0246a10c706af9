import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestInstances } from './app';
import { testDatabases } from './databases';
import { IP_LIMITS } from '../src/modules/auth/rate-limits';

// Invalid bodies are enough: the per-IP limit counts a request before its body is validated.
const registerFrom = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/users/register', remoteAddress, headers, payload: { username: 'x' } });

describe.each(testDatabases())('forwarded headers on $name', (target) => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;

  // What the app believes about the client, straight from Fastify's request.
  const probe = (app: FastifyInstance) => app.get('/probe', async (request) => ({ ip: request.ip, host: request.host, protocol: request.protocol }));
  useTestInstances(target, [{ extend: probe }, { env: { TRUST_PROXY: '192.0.2.10' } }], ([first, second]) => {
    direct = first!;
    proxied = second!;
  });

  it('ignores a forged X-Forwarded-For by default: a new header per request does not reset the per-IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= IP_LIMITS.register.max; i++) {
      statuses.push((await registerFrom(direct, '198.51.100.1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    }
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it('ignores X-Forwarded-For, -Host and -Proto by default', async () => {
    const res = await direct.inject({
      method: 'GET',
      url: '/probe',
      remoteAddress: '198.51.100.3',
      headers: { host: 'site.example', 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toEqual({ ip: '198.51.100.3', host: 'site.example', protocol: 'http' });
  });

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const viaProxy = (client: string) => registerFrom(proxied, '192.0.2.10', { 'x-forwarded-for': client });
    for (let i = 0; i < IP_LIMITS.register.max; i++) await viaProxy('203.0.113.200');
    expect((await viaProxy('203.0.113.200')).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await viaProxy('203.0.113.201')).statusCode).toBe(400);
    // A client that is not the proxy cannot pick its address.
    const statuses: number[] = [];
    for (let i = 0; i <= IP_LIMITS.register.max; i++) {
      statuses.push((await registerFrom(proxied, '198.51.100.2', { 'x-forwarded-for': `203.0.113.${100 + i}` })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
