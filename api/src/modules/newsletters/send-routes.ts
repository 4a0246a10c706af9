import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlogIdParams } from '@site/shared/contracts/blogs';
import { NewsletterSendProgress, NewsletterTestSendBody } from '@site/shared/contracts/marketing';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { noStore } from '../../lib/no-store';
import { CONTENT_ERROR_RESPONSES } from '../../plugins/errors';

const tags = ['newsletters'];
const admin = [{ bearer: [] }];
const errors = { ...CONTENT_ERROR_RESPONSES, 409: ApiErrorBody };

/** Admin → Blog: send a published post to the newsletter (a test to one address first) and follow its progress. */
export const newsletterSendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/blogs/:id/newsletter',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: { tags, security: admin, summary: 'How far the post’s newsletter send is: messages queued, sent and given up (admin)', params: BlogIdParams, response: { 200: NewsletterSendProgress, ...errors } },
    },
    async (request) => app.newsletterSending.progress(request.params.id),
  );

  app.post(
    '/admin/blogs/:id/newsletter/test',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: admin,
        summary: 'Send the post, marked as a test, to one address (admin)',
        params: BlogIdParams,
        body: NewsletterTestSendBody,
        response: { 202: z.object({ email: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      await app.newsletterSending.testSend(request.params.id, request.body.email);
      return reply.code(202).send({ email: request.body.email });
    },
  );

  app.post(
    '/admin/blogs/:id/newsletter/send',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: admin,
        summary: 'Send the post to every confirmed subscriber, in batches (admin; audited; once per post)',
        params: BlogIdParams,
        response: { 202: NewsletterSendProgress, ...errors },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const title = await app.newsletterSending.sendable(id);
      await app.audit.audited(
        request,
        (tx) => app.newsletterSending.start(tx, id),
        ({ total }) => ({ action: 'update', entity: 'blog', entityId: id, label: `Sent to the newsletter (${total} subscribers): ${title}` }),
      );
      return reply.code(202).send(await app.newsletterSending.progress(id));
    },
  );
};
