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
    // While draining, keep-alive connections are kept: closing them then only makes clients
    // reconnect; connections are wound down once the listener closes (plugins/connections.ts).
  },
  { name: 'lifecycle' },
);
