import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { withStartupLock } from '../../db/exclusive-job';
import { createRefreshTokenService, type RefreshTokenService } from '../auth/refresh-tokens';
import { createUsersService, type UsersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersService;
    refreshTokens: RefreshTokenService;
  }
}

/** The account services; also makes sure the admin named by ADMIN_* exists with that password. */
export const accountsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const refreshTokens = createRefreshTokenService(app.database.db);
    const users = createUsersService(app.database.db, refreshTokens);
    app.decorate('refreshTokens', refreshTokens);
    app.decorate('users', users);

    const { ADMIN_USERNAME: username, ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
    if (username && email && password) {
      // Instances starting together would each find the admin missing and insert it.
      const { created } = await withStartupLock(app.database, 'accounts:admin', () =>
        users.upsertAdmin({ username, email: email.toLowerCase(), password }),
      );
      app.log.info({ username }, created ? 'admin created' : 'admin checked');
    }
  },
  { name: 'accounts', dependencies: ['database'] },
);
