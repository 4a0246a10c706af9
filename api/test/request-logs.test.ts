import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { maskSensitiveQuery } from '../src/lib/log-serializers';
import { useTestApp } from './app';
import { testDatabases } from './databases';

describe('maskSensitiveQuery', () => {
  it.each([
    ['/login?reset=abc', '/login?reset=[REDACTED]'],
    ['/api/newsletters/unsubscribe?token=abc&x=1', '/api/newsletters/unsubscribe?token=[REDACTED]&x=1'],
    ['/p?a=1&TOKEN=abc&b=2#frag', '/p?a=1&TOKEN=[REDACTED]&b=2#frag'],
    ['/p?%74oken=abc', '/p?%74oken=[REDACTED]'],
    ['/p?reset=a&reset=b', '/p?reset=[REDACTED]&reset=[REDACTED]'],
    ['/p?resets=keep&q=search', '/p?resets=keep&q=search'],
    ['/plain', '/plain'],
    ['/p?%E0%A4%A=bad-escape', '/p?%E0%A4%A=bad-escape'],
  ])('%s → %s', (url, masked) => {
    expect(maskSensitiveQuery(url)).toBe(masked);
  });
});

describe.each(testDatabases())('request logs on $name', (target) => {
  let app: FastifyInstance;
  const lines: string[] = [];

  useTestApp(target, (built) => (app = built), { env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });

  it('never logs a reset or unsubscribe token', async () => {
    const secret = 'Sup3rSecretTokenValue_0123456789';
    await app.inject({ method: 'GET', url: `/login?reset=${secret}` });
    await app.inject({ method: 'GET', url: `/api/newsletters/unsubscribe?token=${secret}` });
    const logged = lines.join('');
    expect(logged).toContain('/login?reset=[REDACTED]');
    expect(logged).toContain('/api/newsletters/unsubscribe?token=[REDACTED]');
    expect(logged).not.toContain(secret);
  });

  it('logs one line per answered request: the request, its status and how long it took', async () => {
    const before = lines.length;
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    const entries = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofRequest = entries.filter((entry) => typeof entry.reqId === 'string');
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/health/live' }, res: { statusCode: res.statusCode } });
    expect(ofRequest[0]!.responseTime).toEqual(expect.any(Number));
  });

  it('warns at start that PUBLIC_URL should be set', () => {
    const warning = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).find((entry) => /PUBLIC_URL/.test(entry.msg));
    expect(warning?.level).toBe(40);
  });
});
