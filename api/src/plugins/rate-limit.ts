import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore, deleteExpiredRateLimits } from '../db/rate-limit-store';
import { clientKey } from '../lib/client-network';

/** Finished windows are deleted by a scheduled job (rows past reset_at are ignored anyway). */
export const RATE_LIMIT_SWEEP_QUEUE = 'rate-limits.sweep';
/** Every ten minutes, by one instance of the cluster. */
export const RATE_LIMIT_SWEEP_CRON = '*/10 * * * *';

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
      // Named, not the plugin's default: the per-username limits and order holds use the same one.
      keyGenerator: clientKey,
      store: databaseRateLimitStore(db),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'rate_limited',
        message: `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      }),
    });

    // Registered before the job queue (routes need the limiter): its sweep job is defined once the app is ready.
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('jobs')) return;
      await app.jobs.define(RATE_LIMIT_SWEEP_QUEUE, {
        options: { retryLimit: 0, expireInSeconds: 300 },
        handler: async () => {
          await deleteExpiredRateLimits(db);
        },
      });
      await app.jobs.schedule(RATE_LIMIT_SWEEP_QUEUE, RATE_LIMIT_SWEEP_CRON);
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
