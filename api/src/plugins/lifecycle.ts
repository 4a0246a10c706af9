import fp from 'fastify-plugin';

export type LifecycleState = 'starting' | 'ready' | 'draining';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { state: LifecycleState };
  }
}

/** Tracks whether the instance should receive traffic (for the readiness probe). */
export const lifecyclePlugin = fp(
  async (app) => {
    const lifecycle = { state: 'starting' as LifecycleState };
    app.decorate('lifecycle', lifecycle);
    app.addHook('onReady', async () => {
      lifecycle.state = 'ready';
    });
    app.addHook('preClose', async () => {
      lifecycle.state = 'draining';
    });
    // A response that finishes while draining closes its keep-alive connection, so the server can stop.
    app.addHook('onSend', async (_request, reply) => {
      if (lifecycle.state === 'draining') reply.header('Connection', 'close');
    });
  },
  { name: 'lifecycle' },
);
