import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How often the event-loop delay, heap and resident memory are sampled (and pressure noticed or lifted). */
export const PRESSURE_SAMPLE_MS = 500;

export const OVERLOADED = {
  error: 'overloaded',
  message: 'The site is busy right now. Please try again in a few seconds.',
} as const;

/**
 * Route config for what must answer even under pressure: liveness (a busy process is not a dead one),
 * readiness (it says "under pressure" itself) and metrics (the overload must be visible).
 */
export const answeredUnderPressure = { pressureHandler: () => undefined };

/**
 * Sheds requests early, before any work is done for them, while the process is overloaded (the event
 * loop lags, the heap or resident memory is over its limit): 503 with Retry-After in the site's
 * `{ error, message }` shape, so that what is answered is answered in time and memory stays bounded
 * instead of requests queuing up. It lifts by itself once the samples are back under the limits.
 */
export const pressurePlugin = fp(
  async (app) => {
    const { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, OVERLOAD_MAX_HEAP_MB, OVERLOAD_MAX_RSS_MB, OVERLOAD_RETRY_AFTER_SECONDS } = app.config;
    await app.register(underPressure, {
      sampleInterval: PRESSURE_SAMPLE_MS,
      // 0 turns a check off (the plugin's own convention).
      maxEventLoopDelay: OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: OVERLOAD_MAX_HEAP_MB * 1024 * 1024,
      maxRssBytes: OVERLOAD_MAX_RSS_MB * 1024 * 1024,
      retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      // Each shed request is in the request log already (503): no line of its own under a flood.
      pressureHandler: (_request: FastifyRequest, reply: FastifyReply) => {
        reply.code(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS));
        // Returned, not sent: the plugin sends it and stops the request there.
        return OVERLOADED as unknown as void;
      },
    });
  },
  { name: 'pressure', dependencies: ['config'] },
);
