import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { AccessTokenBody, LoginBody } from '@site/shared/contracts/auth';
import { ChangePasswordBody } from '@site/shared/contracts/admin';
import { SESSION_HINT_COOKIE } from '@site/shared/contracts/session-hint';
import { HttpError } from '../../plugins/errors';
import { noStore } from '../../lib/no-store';
import { accountSlowdown, IP_LIMITS, limitPerUsername } from './rate-limits';
import type { IssuedRefreshToken } from './refresh-tokens';
import { hashPassword, verifyPassword } from '../users/password';
import { assertSameOrigin, isHttps } from './site-origin';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';
const BAD_CREDENTIALS = 'Invalid username or password.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const slowdown = accountSlowdown(app);
  // Encapsulated here: only these routes read or write the refresh cookie.
  await app.register(fastifyCookie);

  // Beside the refresh cookie, a readable hint with the same lifetime (no secret in it): a page
  // without it skips the silent refresh, so a visitor who never signed in sees no 401.
  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, issued: IssuedRefreshToken) =>
    reply
      .setCookie(REFRESH_COOKIE, issued.token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: isHttps(request, config),
        path: COOKIE_PATH,
        expires: issued.expiresAt,
      })
      .setCookie(SESSION_HINT_COOKIE, '1', {
        sameSite: 'strict',
        secure: isHttps(request, config),
        path: '/',
        expires: issued.expiresAt,
      });
  const clearRefreshCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: isHttps(request, config), path: COOKIE_PATH })
      .clearCookie(SESSION_HINT_COOKIE, { sameSite: 'strict', secure: isHttps(request, config), path: '/' });

  app.post(
    '/auth/login',
    {
      config: { rateLimit: IP_LIMITS.login },
      onRequest: noStore,
      preHandler: limitPerUsername(app, 'login'),
      schema: {
        tags: ['auth'],
        summary: 'Log in: access token in the body, refresh token in an HttpOnly cookie',
        body: LoginBody,
        response: { 200: AccessTokenBody, 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      await slowdown.wait(request.body.username);
      const user = await app.users.verifyCredentials(request.body.username, request.body.password);
      // One answer for an unknown user and a wrong password: nobody learns which usernames exist.
      if (!user) {
        await slowdown.failed(request.body.username);
        throw new HttpError(401, 'invalid_credentials', BAD_CREDENTIALS);
      }
      const issued = await app.refreshTokens.issue(user.id);
      setRefreshCookie(request, reply, issued);
      return { accessToken: app.signAccessToken({ sub: user.id, name: user.username, role: user.role, sid: issued.familyId }) };
    },
  );

  app.post(
    '/auth/refresh',
    {
      onRequest: noStore,
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh cookie and get a new access token',
        security: [{ refreshCookie: [] }],
        body: z.unknown().optional(),
        response: { 200: AccessTokenBody, 401: ApiErrorBody, 403: ApiErrorBody },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config);
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw new HttpError(401, 'unauthorized', SESSION_ENDED);
      const rotation = await app.refreshTokens.rotate(presented);
      const user = rotation.ok ? await app.users.findById(rotation.userId) : undefined;
      if (!rotation.ok || !user) {
        clearRefreshCookie(request, reply);
        throw new HttpError(401, 'unauthorized', SESSION_ENDED);
      }
      setRefreshCookie(request, reply, rotation.next);
      // The role is read afresh: a changed role takes effect at the next refresh.
      return { accessToken: app.signAccessToken({ sub: user.id, name: user.username, role: user.role, sid: rotation.next.familyId }) };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: noStore,
      schema: {
        tags: ['auth'],
        summary: 'End this session server-side and clear the refresh cookie',
        body: z.unknown().optional(),
        response: { 204: z.null(), 403: ApiErrorBody },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, config);
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await app.refreshTokens.revokeFamilyOf(presented);
      // The access token presented with the logout ends now too, not at its expiry.
      await app.endSessionOf(request);
      clearRefreshCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  // Here rather than in users/routes.ts: it hands this browser a fresh refresh cookie.
  app.post(
    '/users/me/password',
    {
      config: { rateLimit: IP_LIMITS.changePassword },
      onRequest: noStore,
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        summary: 'Change your own password (the current one is required); ends every other session',
        body: ChangePasswordBody,
        response: { 200: AccessTokenBody, 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const user = await app.users.findById(request.user.sub);
      if (!user) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
      if (!(await verifyPassword(user.passwordHash, request.body.current_password))) {
        throw new HttpError(400, 'invalid_current_password', 'Current password is incorrect.');
      }
      // Hashed before the transaction: it takes a while and needs no lock.
      const passwordHash = await hashPassword(request.body.new_password);
      await app.audit.audited(
        request,
        async (tx) => {
          await app.users.setPassword(user.id, passwordHash, tx);
          // The owner's notice is queued with the change itself.
          await app.users.notifyChange(user, 'password', tx);
        },
        () => ({ action: 'password_change', entity: 'user', entityId: user.id, label: user.username }),
      );
      // Every session ended with the change (a stolen one among them); this browser starts a new one.
      const session = await app.refreshTokens.issue(user.id);
      setRefreshCookie(request, reply, session);
      return { accessToken: app.signAccessToken({ sub: user.id, name: user.username, role: user.role, sid: session.familyId }) };
    },
  );
};
