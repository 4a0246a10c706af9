import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { CONTACT_MESSAGES, ContactForm, ContactRequest, ContactResponse, contactRequestOf } from '@site/shared/contracts/marketing';
import { acceptFormPosts, parseFormBodies } from '../../lib/form-posts';

/** Per IP: enough for a person who retries, too few for a script filling the inbox. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // The contact form posted without JavaScript (scoped to this plugin).
  parseFormBodies(app);

  app.post(
    '/contacts',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      ...acceptFormPosts(app.config, { form: 'contact', fields: ContactForm, toBody: contactRequestOf, messages: CONTACT_MESSAGES }),
      schema: {
        tags: ['contacts'],
        summary: 'Send a message to the team (stored, and e-mailed to the site inbox; a form post is answered 303)',
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
