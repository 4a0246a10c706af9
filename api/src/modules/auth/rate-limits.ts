import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from '../../plugins/errors';
import { clientKey } from '../../lib/client-network';
import { hitRateLimit, readRateLimit } from '../../db/rate-limit-store';

/** Per client IP, on the route itself (`config.rateLimit`). */
export const IP_LIMITS = {
  login: { max: 30, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  forgotPassword: { max: 10, timeWindow: 60_000 },
  resetPassword: { max: 20, timeWindow: 60_000 },
  changePassword: { max: 10, timeWindow: 60_000 },
} as const;

/**
 * Per (username, client network: IPv6 by /64), counted in the database like the route limits. Never per
 * username alone: failures from elsewhere must not lock the owner out (OWASP: throttle, don't
 * hand attackers a lockout). A guesser spreading over addresses meets each address's own limit.
 */
export const USERNAME_LIMITS = {
  login: { max: 10, timeWindow: 5 * 60_000 },
  register: { max: 5, timeWindow: 5 * 60_000 },
  forgotPassword: { max: 3, timeWindow: 15 * 60_000 },
} as const;

/**
 * A preHandler limiting by the body's username. The plugin's own route limiter runs once per request,
 * so the second (per-username) limit goes through `createRateLimit` and answers 429 the same way.
 */
export function limitPerUsername(app: FastifyInstance, name: keyof typeof USERNAME_LIMITS) {
  const limit = app.createRateLimit({
    ...USERNAME_LIMITS[name],
    keyGenerator: (request: FastifyRequest) =>
      `${name}:${String((request.body as { username?: string }).username).trim().toLowerCase()}|${clientKey(request)}`,
  });
  return async (request: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, 'rate_limited', `Too many attempts. Please try again in ${result.ttlInSeconds} seconds.`);
    }
  };
}

/**
 * Per account, from every address: failed sign-ins in the window beyond `free` slow each further
 * attempt by `stepMs` more, up to `maxDelayMs`. Only ever a delay, never a refusal, so a guesser
 * spread over many networks cannot lock the owner out; it only makes guessing slow.
 */
export const ACCOUNT_SLOWDOWN = { free: 30, timeWindow: 60 * 60_000, stepMs: 500, maxDelayMs: 10_000 } as const;

/** How long a sign-in waits after `failures` recent failures on its account. */
export function accountDelayMs(failures: number): number {
  const over = failures - ACCOUNT_SLOWDOWN.free;
  return over <= 0 ? 0 : Math.min(over * ACCOUNT_SLOWDOWN.stepMs, ACCOUNT_SLOWDOWN.maxDelayMs);
}

const accountKey = (username: string) => `login-account:${username.trim().toLowerCase()}`;

/** The per-account slowdown: `wait` before checking a password, `failed` after a wrong one. */
export function accountSlowdown(app: FastifyInstance) {
  const { db } = app.database;
  return {
    async wait(username: string): Promise<void> {
      const delay = accountDelayMs((await readRateLimit(db, accountKey(username))).current);
      if (delay > 0) await sleep(delay);
    },
    async failed(username: string): Promise<void> {
      await hitRateLimit(db, accountKey(username), ACCOUNT_SLOWDOWN.timeWindow);
    },
  };
}
