import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { noStore } from '../../lib/no-store';

/** A backup holds the whole site: a few an hour are plenty, and each reads every table. */
export const BACKUP_RATE_LIMIT = { max: 6, timeWindow: '1 hour' };

export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/backup',
    {
      onRequest: [noStore, app.requireAdmin],
      config: { rateLimit: BACKUP_RATE_LIMIT },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Download a backup of the whole site: database, media, settings (admin; age-encrypted when BACKUP_KEY is set)',
        produces: ['application/x-tar', 'application/octet-stream'],
        response: { 200: z.unknown().describe('The archive (tar, or age when encrypted), as an attachment'), 401: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const actor = await app.audit.actorOf(request);
      const backup = await app.backup.download();
      try {
        await app.audit.record(app.database.db, { actor, action: 'download', entity: 'backup', label: backup.filename });
      } catch (error) {
        backup.archive.destroy();
        throw error;
      }
      reply
        .header('content-type', backup.encrypted ? 'application/octet-stream' : 'application/x-tar')
        .header('content-disposition', `attachment; filename="${backup.filename}"`);
      return reply.send(backup.archive);
    },
  );
};
