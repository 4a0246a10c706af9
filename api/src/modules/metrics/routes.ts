import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { answeredUnderPressure } from '../../plugins/pressure';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Prometheus scrapes /api/metrics with `Authorization: Bearer $METRICS_TOKEN`; unset, the route does not exist. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  // Equal-length digests: the comparison takes the same time whatever the caller sent.
  const expected = digest(`Bearer ${token}`);
  app.get(
    '/metrics',
    {
      // The overload must be visible while it lasts.
      config: answeredUnderPressure,
      schema: {
        tags: ['health'],
        security: [{ bearer: [] }],
        summary: 'Metrics in the Prometheus text format (only when METRICS_TOKEN is set; Bearer METRICS_TOKEN)',
        produces: ['text/plain'],
        response: { 200: z.string(), 401: ApiErrorBody },
      },
    },
    async (request, reply) => {
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized', message: 'A valid metrics token is required.' });
      }
      await app.metrics.collect();
      reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType);
      return app.metrics.registry.metrics();
    },
  );
};
