import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody, HealthBody } from '@site/shared/contracts/common';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: HealthBody } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The instance can serve traffic (database reachable, not starting or draining)',
        response: { 200: HealthBody, 503: ApiErrorBody },
      },
    },
    async (_request, reply) => {
      const { state } = app.lifecycle;
      if (state !== 'ready') {
        return reply.code(503).send({
          error: state === 'draining' ? 'draining' : 'starting',
          message: state === 'draining' ? 'This instance is shutting down.' : 'This instance is starting.',
        });
      }
      try {
        await app.database.ping();
      } catch {
        return reply.code(503).send({ error: 'database_unavailable', message: 'The database is not reachable.' });
      }
      return { status: 'ok' as const };
    },
  );
};
