import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody, HealthBody } from '@site/shared/contracts/common';
import { answeredUnderPressure } from '../../plugins/pressure';

/** How long the readiness probe waits for the database before answering 503. */
export const READINESS_PING_TIMEOUT_MS = 1_500;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    // A busy process is not a dead one: never shed, or an orchestrator would restart it under load.
    { config: answeredUnderPressure, schema: { tags: ['health'], summary: 'The process is up', response: { 200: HealthBody } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: answeredUnderPressure,
      schema: {
        tags: ['health'],
        summary: 'The instance can serve traffic (database reachable, not starting, draining or overloaded, pages rendered unless no instance can)',
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
      // Overloaded: a load balancer sends its traffic elsewhere until the pressure lifts.
      if (app.overload.isOverloaded()) {
        return reply.code(503).send({ error: 'under_pressure', message: 'This instance is overloaded.' });
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        // A frozen database never answers: give up well within a probe's usual 2 s.
        await Promise.race([
          app.database.ping(),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('ping timed out')), READINESS_PING_TIMEOUT_MS);
          }),
        ]);
      } catch {
        return reply.code(503).send({ error: 'database_unavailable', message: 'The database is not reachable.' });
      } finally {
        clearTimeout(timer);
      }
      if (app.hasDecorator('ssr') && (await app.ssr.stepAside())) {
        return reply.code(503).send({ error: 'render_unavailable', message: 'This instance cannot render pages; another instance can.' });
      }
      return { status: 'ok' as const };
    },
  );
};
