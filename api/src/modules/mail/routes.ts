import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { MailList, MailListQuery } from '@site/shared/contracts/mail';
import { noStore } from '../../lib/no-store';
import { HttpError } from '../../plugins/errors';
import { listMail, mailStateOf } from './admin-list';
import { MAIL_QUEUE } from './queue';
import { transactionForBoss } from '../jobs/boss-database';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody } as const;

/** Admin → Mail: the queued, given-up and sent messages, and a retry for a given-up one. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { schema, boss } = app.jobs;

  app.get(
    '/admin/mail',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'E-mail sent by the site: pending, failed and sent messages, newest first',
        security: [{ bearer: [] }],
        querystring: MailListQuery,
        response: { 200: MailList, ...errors },
      },
    },
    async (request) => listMail(db, schema, request.query),
  );

  app.post(
    '/admin/mail/:id/retry',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Sends a failed message again (its retries start over)',
        security: [{ bearer: [] }],
        params: z.strictObject({ id: z.uuid() }),
        response: { 204: z.null(), ...errors, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await app.audit.audited(
        request,
        async (tx) => {
          const message = await mailStateOf(tx, schema, id);
          if (!message) throw new HttpError(404, 'not_found', 'Message not found');
          if (message.state !== 'failed') throw new HttpError(409, 'conflict', 'Only a failed message can be retried');
          await boss.retry(MAIL_QUEUE, id, { db: transactionForBoss(tx) });
          return message;
        },
        (message) => ({ action: 'retry', entity: 'mail', entityId: id, label: message.to }),
      );
      return reply.code(204).send(null);
    },
  );
};
