import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentsConfig } from '@site/shared/contracts/orders';
import { HttpError } from '../../plugins/errors';
import { browserScript } from '../../lib/browser-scripts';

const tags = ['payments'];

/** The provider as the browser needs it: which checkout script, which public key. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/config',
    {
      schema: { tags, summary: 'Which checkout script to load, and the public key', response: { 200: PaymentsConfig } },
    },
    async () => ({ provider: app.payments.provider, keyId: app.payments.keyId, checkout_script_url: app.payments.checkoutScriptUrl }),
  );

  app.get(
    '/payments/sandbox/checkout.js',
    { schema: { tags, summary: "The sandbox's Checkout script (window.Razorpay)", hide: true } },
    async (_request, reply) => {
      if (!app.payments.sandbox) throw new HttpError(404, 'not_found', 'The sandbox is off: real payments are configured.');
      return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(browserScript('sandbox-checkout').code);
    },
  );
};
