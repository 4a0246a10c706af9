import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { runExclusively } from '../db/exclusive-job';
import { databaseRateLimitStore, deleteExpiredRateLimits } from '../db/rate-limit-store';

/** How often finished windows are deleted (rows past reset_at are ignored anyway). */
export const RATE_LIMIT_SWEEP_MS = 10 * 60_000;

/**
 * Rate limits are declared per route (`config: { rateLimit: { max, timeWindow } }`); nothing is
 * limited globally. Counters live in the database, so every instance behind a load balancer
 * counts the same hits and a restart forgets nothing.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { db } = app.database;
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(db),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'rate_limited',
        message: `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      }),
    });

    const sweep = setInterval(() => {
      runExclusively(db, 'rate-limits:sweep', (tx) => deleteExpiredRateLimits(tx)).catch((err: Error) => app.log.warn({ err: { message: err.message } }, 'rate-limit sweep failed'));
    }, RATE_LIMIT_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
