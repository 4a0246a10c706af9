import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Decorates the app with the database, migrated before the first request; closes it last. */
export const databasePlugin = fp<{ database: Database; closeOnExit: boolean }>(
  async (app, { database, closeOnExit }) => {
    const { applied } = await migrate(database);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    app.decorate('database', database);
    if (closeOnExit) app.addHook('onClose', async () => database.close());
  },
  { name: 'database' },
);
