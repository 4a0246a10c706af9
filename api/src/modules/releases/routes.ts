import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { ReleasesOverview } from '@site/shared/contracts/system';
import { HttpError } from '../../plugins/errors';
import { noStore } from '../../lib/no-store';
import { sendError } from '../../plugins/errors';
import { ReleaseRefused } from './checks';
import { RELEASABLE, VERSION } from './store';

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
    async (request) => ({
      keep: app.config.RELEASES_KEEP,
      remotes: await Promise.all(
        RELEASABLE.map(async (remote) => ({ remote, live: await app.releases.pointers.read(remote), releases: await app.releases.list(remote) })),
      ),
      trial: await app.releases.trials.read(),
      previewing: app.releases.previewCookieOf(request) === request.user.sub,
    }),
  );

  app.put(
    '/admin/releases/preview',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: "Turn this admin's preview of the release on trial on or off (a signed cookie; admin only)",
        body: z.object({ on: z.boolean() }),
        response: { 204: z.null(), 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      if (request.body.on && !(await app.releases.trial())) throw new HttpError(409, 'no_trial', 'No release is on trial: release one with --preview or --canary first.');
      app.releases.setPreview(request, reply, request.body.on ? request.user.sub : null);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/releases/:remote/promote',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Make a kept release live on every instance after the manifest checks; its trial ends (admin, audited)',
        params: Remote,
        body: z.object({ version: z.string().regex(VERSION) }),
        response: { 200: z.object({ version: z.string(), since: z.string() }), 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      const actor = await app.audit.actorOf(request);
      try {
        const pointer = await app.releases.promote(remote, request.body.version);
        await app.audit.record(app.database.db, { actor, action: 'promote', entity: 'release', entityId: remote, label: `${remote} ${pointer.version}` });
        return pointer;
      } catch (error) {
        if (error instanceof ReleaseRefused) return sendError(reply, 409, error.code, error.message);
        throw error;
      }
    },
  );

  app.post(
    '/admin/releases/:remote/rollback',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'End the trial of the remote, or make the release before the live one live again, on every instance (admin, audited)',
        params: Remote,
        response: { 200: z.object({ version: z.string(), since: z.string() }), 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      const actor = await app.audit.actorOf(request);
      try {
        const { version, since, ended } = await app.releases.rollback(remote);
        const label = ended ? `${remote} ${ended.kind} of ${ended.version} ended; ${version} stays live` : `${remote} ${version}`;
        await app.audit.record(app.database.db, { actor, action: 'rollback', entity: 'release', entityId: remote, label });
        return { version, since };
      } catch (error) {
        // No earlier release, one that fails the checks, or another release under way: nothing changed.
        if (error instanceof ReleaseRefused) return sendError(reply, 409, error.code, error.message);
        throw error;
      }
    },
  );
};
