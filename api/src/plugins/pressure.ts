import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How often the event-loop delay, heap and resident memory are sampled (and pressure noticed or lifted). */
export const PRESSURE_SAMPLE_MS = 1_000;

export const OVERLOADED = {
  error: 'overloaded',
  message: 'The site is busy right now. Please try again in a few seconds.',
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    overload: {
      /** Requests admitted and not yet answered (what is never shed is not counted). */
      readonly inFlight: number;
      /** Under pressure now, or a request was shed lately: readiness answers 503. */
      isOverloaded(): boolean;
    };
  }
}

/** Readiness stays 503 this long after the last shed request. */
export const SHED_LATELY_MS = 5_000;

const passThrough = () => undefined;

/**
 * Marks a read the api makes of itself (`app.inject`: the answers a page is rendered from): part of
 * a request already admitted, so never shed nor counted again; shed, the admitted page came out
 * without its content. A random value per process, so that no client can send it.
 */
export const IN_PROCESS_READ = { header: 'x-in-process-read', value: randomBytes(16).toString('hex') } as const;
const inProcess = (request: FastifyRequest) => request.headers[IN_PROCESS_READ.header] === IN_PROCESS_READ.value;

/**
 * Route config for what must answer even under pressure: liveness (a busy process is not a dead one),
 * readiness (it says "under pressure" itself) and metrics (the overload must be visible).
 */
export const answeredUnderPressure = { pressureHandler: passThrough };

/**
 * Sheds requests early, before any work is done for them, while the process is overloaded: 503 with
 * Retry-After in the site's `{ error, message }` shape, so that what is admitted is answered in time
 * and memory stays bounded instead of requests queuing up. Two signals: the process (event-loop delay,
 * heap, resident memory, sampled) and the requests admitted and not yet answered, which also counts
 * work waiting on the database, where the event loop shows no lag. Both lift by themselves.
 */
export const pressurePlugin = fp(
  async (app) => {
    const { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, OVERLOAD_MAX_HEAP_MB, OVERLOAD_MAX_RSS_MB, OVERLOAD_MAX_IN_FLIGHT, OVERLOAD_RETRY_AFTER_SECONDS } =
      app.config;
    let inFlight = 0;
    let lastShedAt = -Infinity;
    const admitted = new WeakSet<FastifyRequest>();

    // Returned, not sent, from under-pressure's handler: the plugin sends it and stops the request there.
    // The connection is closed after it (an overload action of Envoy's too): a client that retries at
    // once must connect again, so a flood over keep-alive is paced by the accept queue instead of
    // taking the event loop with 503s, and the health port's probes are answered in time.
    const shed = (reply: FastifyReply, reason: string) => {
      // One line when shedding starts (not one per request: each is in the request log as a 503).
      if (Date.now() - lastShedAt >= SHED_LATELY_MS) app.log.warn({ reason, ...app.memoryUsage() }, 'overloaded: shedding requests');
      lastShedAt = Date.now();
      reply.code(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS)).header('connection', 'close');
      return OVERLOADED;
    };

    await app.register(underPressure, {
      sampleInterval: PRESSURE_SAMPLE_MS,
      // 0 turns a check off (the plugin's own convention).
      maxEventLoopDelay: OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: OVERLOAD_MAX_HEAP_MB * 1024 * 1024,
      maxRssBytes: OVERLOAD_MAX_RSS_MB * 1024 * 1024,
      retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      pressureHandler: (request: FastifyRequest, reply: FastifyReply, type: string) => (inProcess(request) ? undefined : (shed(reply, type) as unknown as void)),
    });

    app.decorate('overload', {
      get inFlight() {
        return inFlight;
      },
      // A probe may itself have waited in the flood: "lately" spans a few seconds, not one sample.
      isOverloaded: () => app.isUnderPressure() || Date.now() - lastShedAt < SHED_LATELY_MS,
    });

    app.addHook('onRequest', async (request, reply) => {
      if ((request.routeOptions.config as { pressureHandler?: unknown }).pressureHandler === passThrough || inProcess(request)) return;
      if (OVERLOAD_MAX_IN_FLIGHT > 0 && inFlight >= OVERLOAD_MAX_IN_FLIGHT) return reply.send(shed(reply, 'inFlight'));
      inFlight++;
      admitted.add(request);
    });
    const done = async (request: FastifyRequest) => {
      if (admitted.delete(request)) inFlight--;
    };
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
  },
  { name: 'pressure', dependencies: ['config'] },
);
