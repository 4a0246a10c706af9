import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { ContactRequest, ContactResponse } from '@site/shared/contracts/marketing';

/** Per IP: enough for a person who retries, too few for a script filling the inbox. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contacts',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['contacts'],
        summary: 'Send a message to the team (stored, and e-mailed to the site inbox)',
        body: ContactRequest,
        response: { 201: ContactResponse, 400: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = await app.contacts.create(request.body);
      return reply.code(201).send({ id });
    },
  );
};
