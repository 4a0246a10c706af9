import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';

/** Per client IP, on the route itself (`config.rateLimit`). */
export const IP_LIMITS = {
  login: { max: 30, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  forgotPassword: { max: 10, timeWindow: 60_000 },
  resetPassword: { max: 20, timeWindow: 60_000 },
  changePassword: { max: 10, timeWindow: 60_000 },
} as const;

/**
 * Per (username, client address), counted in the database like the route limits. Never per
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
      `${name}:${String((request.body as { username?: string }).username).trim().toLowerCase()}|${request.ip}`,
  });
  return async (request: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, 'rate_limited', `Too many attempts. Please try again in ${result.ttlInSeconds} seconds.`);
    }
  };
}
