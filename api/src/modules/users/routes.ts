import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { ForgotPasswordBody, MessageBody, RegisterBody, ResetPasswordBody, UserBody } from '@site/shared/contracts/auth';
import { HttpError } from '../../plugins/errors';
import { noStore } from '../../lib/no-store';
import { IP_LIMITS, limitPerUsername } from '../auth/rate-limits';
import { emailOrigin } from '../../lib/origin';
import { resetPasswordMail } from './reset-mail';
import type { UserRow } from './service';

export const FORGOT_PASSWORD_MESSAGE = 'If that account exists, a reset link is on its way to its email. It is valid for 30 minutes.';

const toUserBody = (user: UserRow) => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
});

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  app.post(
    '/users/register',
    {
      config: { rateLimit: IP_LIMITS.register },
      onRequest: noStore,
      preHandler: limitPerUsername(app, 'register'),
      schema: {
        tags: ['users'],
        summary: 'Create an account (role user)',
        body: RegisterBody,
        response: { 201: UserBody, 400: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(toUserBody(await app.users.register(request.body))),
  );

  app.get(
    '/users/me',
    {
      onRequest: noStore,
      preHandler: app.requireUser,
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: UserBody, 401: ApiErrorBody } },
    },
    async (request) => {
      const user = await app.users.findById(request.user.sub);
      if (!user) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
      return toUserBody(user);
    },
  );

  app.post(
    '/users/forgot-password',
    {
      config: { rateLimit: IP_LIMITS.forgotPassword },
      onRequest: noStore,
      preHandler: limitPerUsername(app, 'forgotPassword'),
      schema: {
        tags: ['users'],
        summary: 'E-mail a password reset link (same answer whether or not the user exists)',
        body: ForgotPasswordBody,
        response: { 200: MessageBody, 400: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request) => {
      // Not awaited: the answer must not take longer when the account exists. The link and its
      // e-mail are stored in one transaction; the queue sends (and retries) the e-mail.
      app.users
        .createPasswordReset(request.body.username, (user, token, tx) => {
          const link = `${emailOrigin(config)}/login?reset=${encodeURIComponent(token)}`;
          return app.enqueueMail(resetPasswordMail(user.email, user.username, link), { key: `user:${user.id}:reset:${randomUUID()}`, tx });
        })
        .catch((err: Error) => request.log.error({ err: { type: err.name, message: err.message } }, 'reset mail not queued'));
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/users/reset-password',
    {
      config: { rateLimit: IP_LIMITS.resetPassword },
      onRequest: noStore,
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset link token (single use); ends every session',
        body: ResetPasswordBody,
        response: { 200: MessageBody, 400: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request) => {
      if (!(await app.users.resetPassword(request.body.token, request.body.password))) {
        throw new HttpError(400, 'invalid_reset_token', 'This reset link is invalid or has expired. Please ask for a new one.');
      }
      return { message: 'Your password has been reset. Please log in.' };
    },
  );
};
