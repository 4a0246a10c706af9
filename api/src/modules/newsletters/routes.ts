import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { NEWSLETTER_MESSAGES, NewsletterRequest, NewsletterResponse } from '@site/shared/contracts/marketing';
import { HttpError } from '../../plugins/errors';
import { acceptFormPosts } from '../../lib/form-posts';
import { emailOrigin } from '../../lib/origin';
import { registerOneClickParsers } from './one-click-parsers';
import { confirmedPage, confirmPage, donePage, invalidPage, resentPage } from './unsubscribe-page';

export const NEWSLETTER_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

const TOKEN = /^[\w-]{20,128}$/;
const TokenQuery = z.object({ token: z.string().regex(TOKEN, 'Invalid token.') });
/**
 * The links people follow from an e-mail: a cut or mistyped token gets the page that says the link
 * is not valid, in words, never a validation error in JSON. Null when it cannot be a token.
 */
const LinkQuery = z.object({ token: z.string().max(400).optional() });
const linkToken = (token: string | undefined) => (token !== undefined && TOKEN.test(token) ? token : null);
// RFC 8058: mail providers POST `List-Unsubscribe=One-Click` as a urlencoded or multipart form (our
// own page posts the same), some with an empty body. The token in the query is what counts.
const OneClickBody = z.looseObject({ 'List-Unsubscribe': z.string().optional() }).nullish();
const Html = z.string();

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // Scoped to this plugin: the unsubscribe endpoint and the sign-up form take form posts.
  registerOneClickParsers(app);

  app.post(
    '/newsletters',
    {
      config: { rateLimit: NEWSLETTER_RATE_LIMIT },
      // The footer's form posted without JavaScript: answered 303 back to its page.
      ...acceptFormPosts(config, { form: 'newsletter', fields: NewsletterRequest, messages: NEWSLETTER_MESSAGES }),
      schema: {
        tags: ['newsletters'],
        summary: 'Subscribe an address to the newsletter (409 when it already is; a form post is answered 303)',
        body: NewsletterRequest,
        response: { 201: NewsletterResponse, 400: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      await app.newsletters.subscribe(request.body.email, emailOrigin(config));
      return reply.code(201).send({ email: request.body.email, status: 'subscribed' as const });
    },
  );

  app.get(
    '/newsletters/unsubscribe',
    {
      schema: {
        tags: ['newsletters'],
        summary: 'Confirmation page for the unsubscribe link (does not unsubscribe by itself)',
        produces: ['text/html'],
        querystring: LinkQuery,
        response: { 200: Html, 404: Html },
      },
    },
    async (request, reply) => {
      const token = linkToken(request.query.token);
      const found = token ? await app.newsletters.findByToken(token) : undefined;
      // An unknown token is a page for the person who clicked, and a 404 for everyone else.
      reply.code(found ? 200 : 404).documentHeaders().type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      return reply.send(await (found && token ? confirmPage(found.email, token, found.status === 'unsubscribed') : invalidPage()));
    },
  );

  app.post(
    '/newsletters/unsubscribe',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletters'],
        summary: 'One-click unsubscribe (RFC 8058)',
        produces: ['text/html'],
        querystring: TokenQuery,
        body: OneClickBody,
        response: { 200: Html, 400: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      if (!(await app.newsletters.unsubscribe(request.query.token))) {
        throw new HttpError(404, 'not_found', 'This unsubscribe link is not valid.');
      }
      return reply.documentHeaders().type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(await donePage());
    },
  );

  // The link in the confirmation e-mail (double opt-in). Following it is the confirmation: a scanner
  // that follows it can only confirm what the address's owner was sent.
  app.get(
    '/newsletters/confirm',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletters'],
        summary: 'Confirm a subscription (the link in the confirmation e-mail)',
        querystring: LinkQuery,
        response: { 200: Html, 404: Html, 410: Html, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const token = linkToken(request.query.token);
      const outcome = token ? await app.newsletters.confirm(token, emailOrigin(config)) : 'invalid';
      return reply
        .code(outcome === 'confirmed' ? 200 : outcome === 'expired' ? 410 : 404)
        .documentHeaders()
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(await confirmedPage(outcome, token ?? ''));
    },
  );

  // The button of an expired confirmation link's page: a POST, so a mail scanner following links sends nothing.
  app.post(
    '/newsletters/confirm/resend',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['newsletters'],
        summary: 'Mail a new confirmation link in place of an expired one',
        produces: ['text/html'],
        querystring: TokenQuery,
        body: OneClickBody,
        response: { 200: Html, 400: ApiErrorBody, 404: Html, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const sent = await app.newsletters.resendConfirmation(request.query.token, emailOrigin(config));
      return reply
        .code(sent ? 200 : 404)
        .documentHeaders()
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(await resentPage(sent));
    },
  );
};
