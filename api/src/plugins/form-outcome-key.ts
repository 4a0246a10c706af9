import fp from 'fastify-plugin';
import { storedSecret } from '../db/settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the form-outcome cookie (lib/form-posts): shared by every instance through the database. */
    formOutcomeKey: string;
  }
}

export const formOutcomeKeyPlugin = fp(
  async (app) => {
    app.decorate('formOutcomeKey', await storedSecret(app.database.db, 'form_outcome_secret'));
  },
  { name: 'form-outcome-key', dependencies: ['database'] },
);
