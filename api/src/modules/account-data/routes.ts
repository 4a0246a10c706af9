import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';
import { MessageBody } from '@site/shared/contracts/auth';
import { ACCOUNT_DELETED_MESSAGE, ACCOUNT_EXPORT_NOTE, AccountExport, DeleteAccountBody } from '@site/shared/contracts/account';
import { HttpError } from '../../plugins/errors';
import { noStore } from '../../lib/no-store';
import { IP_LIMITS } from '../auth/rate-limits';
import { verifyPassword } from '../users/password';

const tags = ['users'];
const security = [{ bearer: [] }];
const signedOut = () => new HttpError(401, 'unauthorized', 'Please sign in to continue.');

/**
 * What the privacy policy promises an account's owner: a copy of their data, and its deletion.
 * The data lives in other modules; this asks each for its part.
 */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/data',
    {
      onRequest: noStore,
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Download the signed-in account's data (profile and orders; not the newsletter subscription) as JSON",
        response: { 200: AccountExport, 401: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const user = await app.users.findById(request.user.sub);
      if (!user || user.deletedAt) throw signedOut();
      const exportedAt = new Date();
      reply.header('content-disposition', `attachment; filename="account-data-${exportedAt.toISOString().slice(0, 10)}.json"`);
      return {
        exported_at: exportedAt.toISOString(),
        profile: { id: user.id, username: user.username, email: user.email, role: user.role, createdAt: user.createdAt.toISOString() },
        orders: await app.orders.listOwn(user.id),
        // The account's address was never verified: a subscription under it may be another person's.
        note: ACCOUNT_EXPORT_NOTE,
      };
    },
  );

  app.post(
    '/users/me/delete',
    {
      config: { rateLimit: IP_LIMITS.changePassword },
      onRequest: noStore,
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete your own account (password required): sessions end, unpaid holds are released, paid orders are kept without personal fields',
        body: DeleteAccountBody,
        response: { 200: MessageBody, 400: ApiErrorBody, 401: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request) => {
      const user = await app.users.findById(request.user.sub);
      if (!user || user.deletedAt) throw signedOut();
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw new HttpError(400, 'invalid_password', 'The password is incorrect.');
      }
      // An admin account runs the site: it is removed by the operator, never by one click.
      if (user.role === 'admin') throw new HttpError(409, 'admin_account', 'An admin account cannot be deleted here. Please ask the site operator.');
      // All or nothing; not in the audit log, whose entries keep the actor's username.
      await app.database.db.transaction(async (tx) => {
        await app.fulfilment.forgetBuyer(user.id, tx);
        await app.orders.forgetBuyer(user.id, tx);
        await app.users.deleteAccount(user.id, tx);
      });
      // The token sent with this request ends now too, not at its expiry.
      await app.endSessionOf(request);
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  );
};
