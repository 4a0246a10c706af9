import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivityQuery, ActivityResponse } from '@site/shared/contracts/admin';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { noStore } from '../../lib/no-store';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/activity',
    {
      // Before validation: a caller without the right gets 401/403, never a 400 that maps the route.
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Recent admin activity from the audit log, newest first',
        security: [{ bearer: [] }],
        querystring: ActivityQuery,
        response: { 200: ActivityResponse, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody },
      },
    },
    async (request) => ({ items: await app.audit.recent(request.query.limit) }),
  );
};
