import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { PASSWORD, register } from './accounts-helpers';
import { IP_LIMITS, USERNAME_LIMITS } from '../src/modules/auth/rate-limits';

/** POST over a real socket whose source is `localAddress` (any 127.x.y.z is this machine on Linux). */
function postFrom(port: number, localAddress: string, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(testDatabases())('no lockout from other addresses on $name', (target) => {
  let app: FastifyInstance;
  let port: number;

  useTestApp(target, (built) => (app = built));
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });

  it('lets the owner log in and reset from their own address after an attacker is throttled', async () => {
    const owner = await register(app);
    const attempts = Math.max(USERNAME_LIMITS.login.max, 1) + 2;
    const attacker = '127.0.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      statuses.push(await postFrom(port, attacker, '/api/auth/login', { username: owner.username, password: 'guess' + i }));
    }
    expect(statuses.at(-1)).toBe(429);
    for (let i = 0; i <= USERNAME_LIMITS.forgotPassword.max; i++) {
      await postFrom(port, attacker, '/api/users/forgot-password', { username: owner.username });
    }
    expect(await postFrom(port, attacker, '/api/users/forgot-password', { username: owner.username })).toBe(429);

    expect(await postFrom(port, '127.0.0.3', '/api/auth/login', { username: owner.username, password: PASSWORD })).toBe(200);
    expect(await postFrom(port, '127.0.0.3', '/api/users/forgot-password', { username: owner.username })).toBe(200);
  });

  it('also leaves the owner alone when the guesses come from many addresses', async () => {
    const owner = await register(app);
    // More failures in total than one (username, address) pair may make, spread over addresses.
    for (let a = 10; a < 13; a++) {
      for (let i = 0; i < USERNAME_LIMITS.login.max && i < IP_LIMITS.login.max; i++) {
        await postFrom(port, `127.0.1.${a}`, '/api/auth/login', { username: owner.username, password: 'guess' });
      }
    }
    expect(await postFrom(port, '127.0.0.4', '/api/auth/login', { username: owner.username, password: PASSWORD })).toBe(200);
  });
});
