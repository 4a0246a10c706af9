import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The caches whose hits and misses are counted: public api reads, rendered pages. */
export type CacheName = 'public' | 'pages';

/** What the site's own code reports; every call is cheap (an increment in memory). */
export interface SiteMetrics {
  registry: Registry;
  cacheHit(cache: CacheName): void;
  cacheMiss(cache: CacheName): void;
  serverRender(): void;
  /** A page that could not be rendered on the server and was sent as the bare shell. */
  serverRenderFallback(reason: string): void;
  orderPaid(kind: string): void;
  mailFailed(): void;
  mailsPending(count: number): void;
  queueDepth(count: number): void;
  /** Failed mail sends counted by this instance since it started. */
  mailFailures(): Promise<number>;
  /** Runs before each scrape: gauges read from elsewhere (the queue's depth) are brought up to date. */
  onScrape(collect: () => Promise<void>): void;
  /** Brings every gauge up to date; a collector that fails leaves its gauge as it was. */
  collect(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: SiteMetrics;
  }
}

/** Answers that matched no route share one label: the raw URL would grow the series without bound. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * One registry per app (tests build many in one process). The process defaults are collected
 * only when METRICS_TOKEN exposes them.
 */
export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    if (app.config.METRICS_TOKEN) collectDefaultMetrics({ register: registry });

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const cacheHits = new Counter({ name: 'site_cache_hits_total', help: 'Answers served from a cache', labelNames: ['cache'] as const, registers: [registry] });
    const cacheMisses = new Counter({ name: 'site_cache_misses_total', help: 'Cache look-ups that had to compute the answer', labelNames: ['cache'] as const, registers: [registry] });
    const renders = new Counter({ name: 'site_server_renders_total', help: 'Pages rendered on the server', registers: [registry] });
    const fallbacks = new Counter({
      name: 'site_server_render_fallbacks_total',
      help: 'Pages sent without a server render (the browser renders them)',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    const ordersPaid = new Counter({ name: 'site_orders_paid_total', help: 'Orders that became paid', labelNames: ['kind'] as const, registers: [registry] });
    const mailsFailed = new Counter({ name: 'site_mails_failed_total', help: 'Mails whose sending failed', registers: [registry] });
    const mailsPending = new Gauge({ name: 'site_mails_pending', help: 'Mails waiting to be sent', registers: [registry] });
    const queueDepth = new Gauge({ name: 'site_job_queue_depth', help: 'Jobs waiting in the queue', registers: [registry] });

    // Timed only where someone can read it: without METRICS_TOKEN the hook would cost every
    // request its work for nothing. A callback hook: no promise per answer.
    if (app.config.METRICS_TOKEN) {
      app.addHook('onResponse', (request, reply, done) => {
        duration.observe(
          { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
        done();
      });
    }

    const collectors: (() => Promise<void>)[] = [];
    app.decorate('metrics', {
      registry,
      onScrape: (collect) => {
        collectors.push(collect);
      },
      collect: async () => {
        for (const result of await Promise.allSettled(collectors.map((collect) => collect()))) {
          if (result.status === 'rejected') app.log.warn({ err: result.reason }, 'a metric could not be read');
        }
      },
      cacheHit: (cache) => cacheHits.inc({ cache }),
      cacheMiss: (cache) => cacheMisses.inc({ cache }),
      serverRender: () => renders.inc(),
      serverRenderFallback: (reason) => fallbacks.inc({ reason }),
      orderPaid: (kind) => ordersPaid.inc({ kind }),
      mailFailed: () => mailsFailed.inc(),
      mailsPending: (count) => mailsPending.set(count),
      queueDepth: (count) => queueDepth.set(count),
      mailFailures: async () => (await mailsFailed.get()).values.reduce((sum, value) => sum + value.value, 0),
    } satisfies SiteMetrics);
  },
  { name: 'metrics', dependencies: ['config'] },
);
