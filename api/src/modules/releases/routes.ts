import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { ReleasesOverview } from '@site/shared/contracts/system';
import { noStore } from '../../lib/no-store';
import { sendError } from '../../plugins/errors';
import { ReleaseRefused } from './checks';
import { RELEASABLE } from './store';

const Remote = z.object({ remote: z.enum(RELEASABLE as [string, ...string[]]) });

export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/releases',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: "Each remote's live release and the releases kept (admin)",
        response: { 200: ReleasesOverview, 401: ApiErrorBody, 403: ApiErrorBody },
      },
    },
    async () => ({
      keep: app.config.RELEASES_KEEP,
      remotes: await Promise.all(
        RELEASABLE.map(async (remote) => ({ remote, live: await app.releases.pointers.read(remote), releases: await app.releases.list(remote) })),
      ),
    }),
  );

  app.post(
    '/admin/releases/:remote/rollback',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Make the release before the live one live again, on every instance (admin, audited)',
        params: Remote,
        response: { 200: z.object({ version: z.string(), since: z.string() }), 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      const actor = await app.audit.actorOf(request);
      try {
        const pointer = await app.releases.rollback(remote);
        await app.audit.record(app.database.db, { actor, action: 'rollback', entity: 'release', entityId: remote, label: `${remote} ${pointer.version}` });
        return pointer;
      } catch (error) {
        // No earlier release, one that fails the checks, or another release under way: nothing changed.
        if (error instanceof ReleaseRefused) return sendError(reply, 409, error.code, error.message);
        throw error;
      }
    },
  );
};
