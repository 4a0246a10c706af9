import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';

/**
 * Rate limits are declared per route (`config: { rateLimit: { max, timeWindow } }`); nothing is
 * limited globally. Counters live in this process: for several instances, give the plugin a shared
 * store (Redis) here.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'rate_limited',
        message: `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      }),
    });
  },
  { name: 'rate-limit' },
);
